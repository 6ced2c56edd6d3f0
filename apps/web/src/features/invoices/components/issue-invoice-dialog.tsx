import type { TInvoiceDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { formatDate } from '@ops/ui/format';
import { InvoiceActionFooter, type InvoiceActionState } from './invoice-action-footer';
import { Modal } from '@ops/ui/modal';

/** The issue dialog: what issuing assigns, and whether to e-mail the PDF to the member. */
export function IssueInvoiceDialog({
  invoice,
  isOpen,
  state,
  onIssue,
}: {
  invoice: TInvoiceDetail;
  isOpen: boolean;
  state: InvoiceActionState;
  onIssue: (body: { version: number; sendEmail: boolean }) => void;
}) {
  const [sendEmail, setSendEmail] = useState(Boolean(invoice.member?.email));
  return (
    <Modal isOpen={isOpen} title={`Issue ${invoice.number}`} onClose={state.onClose}>
      <p className="text-sm text-slate-600">
        The invoice gets the next number of {invoice.year}, its issue date (
        {invoice.issueDate ? formatDate(invoice.issueDate) : 'today'}) and due date (
        {invoice.dueDate ? formatDate(invoice.dueDate) : '30 days later'}), and its payment
        reference. An issued invoice can no longer be edited.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={sendEmail}
          disabled={!invoice.member?.email}
          onChange={(event) => setSendEmail(event.target.checked)}
        />
        {invoice.member?.email
          ? `E-mail it with its PDF to ${invoice.member.email}`
          : 'The member has no e-mail address: nothing is sent'}
      </label>
      <InvoiceActionFooter state={state}>
        <Button
          isBusy={state.isPending}
          onClick={() => onIssue({ version: invoice.version, sendEmail })}
        >
          {state.isPending ? 'Issuing…' : 'Issue invoice'}
        </Button>
      </InvoiceActionFooter>
    </Modal>
  );
}
