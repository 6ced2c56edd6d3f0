import type { TInvoiceDetail } from '@ops/contract';
import { useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { formatDate } from '@ops/ui/format';
import { InvoiceActionFooter } from './invoice-action-footer';
import { Modal } from '@ops/ui/modal';

/** The issue dialog: what issuing assigns, and whether to e-mail the PDF to the member. */
export function IssueInvoiceDialog({
  invoice,
  isOpen,
  isPending,
  conflict,
  errorText,
  onClose,
  onIssue,
}: {
  invoice: TInvoiceDetail;
  isOpen: boolean;
  isPending: boolean;
  conflict: ReactNode;
  errorText: string | null;
  onClose: () => void;
  onIssue: (body: { version: number; sendEmail: boolean }) => void;
}) {
  const [sendEmail, setSendEmail] = useState(Boolean(invoice.member?.email));
  return (
    <Modal isOpen={isOpen} title={`Issue ${invoice.number}`} onClose={onClose}>
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
      <InvoiceActionFooter
        conflict={conflict}
        errorText={errorText}
        isPending={isPending}
        onCancel={onClose}
      >
        <Button isBusy={isPending} onClick={() => onIssue({ version: invoice.version, sendEmail })}>
          {isPending ? 'Issuing…' : 'Issue invoice'}
        </Button>
      </InvoiceActionFooter>
    </Modal>
  );
}
