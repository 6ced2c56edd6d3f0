import {
  creditNoteMembershipDecisionLabels,
  creditNoteMembershipDecisions,
  type TCreditableInvoice,
  type TCreditNoteMembershipDecision,
  type TCreditNoteResult,
} from '@ops/contract';
import { useState } from 'react';
import { focusRing } from '@ops/ui/button';
import { formatMoney } from '@ops/ui/format';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCreditableInvoice } from '../api/get-creditable-invoice';
import { useIssueCreditNote } from '../api/issue-credit-note';
import { CreditLines, initialChoices, type LineChoice } from './credit-lines';
import { linesRequestOf } from './credit-note-request';
import { DialogFooter, DialogForm, Modal } from '@ops/ui/modal';
import { LabelledControl } from '@ops/ui/labelled-control';

/** The invoice a credit note is issued on, as any screen knows it (detail, fixes finding). */
export type CreditNoteInvoice = { iid: string; number: string; version?: number };

const inputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;

/** The form, once the invoice's creditable lines are read. */
function CreditNoteForm({
  invoice,
  creditable,
  version,
  onClose,
  onDone,
}: {
  invoice: CreditNoteInvoice;
  creditable: TCreditableInvoice;
  version?: number;
  onClose: () => void;
  onDone: (result: TCreditNoteResult) => void;
}) {
  const issue = useIssueCreditNote(invoice.iid);
  const [choices, setChoices] = useState<LineChoice[]>(() => initialChoices(creditable.lines));
  const [lineErrors, setLineErrors] = useState<(string | null)[]>([]);
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<TCreditNoteMembershipDecision | null>(null);
  const [sendEmail, setSendEmail] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const currency = creditable.currency;
  const preview = linesRequestOf(creditable.lines, choices);

  const submit = () => {
    const request = linesRequestOf(creditable.lines, choices);
    if (!request.ok) {
      setLineErrors(request.errors);
      setFormError(request.message);
      return;
    }
    setLineErrors([]);
    if (!reason.trim()) return setFormError('Give the reason: it is printed on the credit note.');
    if (creditable.needsMembershipDecision && !decision) {
      return setFormError('Say whether the membership year stays paid or is revoked.');
    }
    setFormError(null);
    issue
      .mutateAsync({
        ...(version ? { version } : {}),
        lines: request.lines,
        reason: reason.trim(),
        ...(decision && creditable.needsMembershipDecision ? { membershipDecision: decision } : {}),
        sendEmail,
      })
      .then(onDone, () => undefined);
  };

  return (
    <DialogForm onSubmit={submit}>
      <CreditLines
        lines={creditable.lines}
        currency={currency}
        choices={choices}
        errors={lineErrors}
        onChange={(index, choice) =>
          setChoices((current) => current.map((old, at) => (at === index ? choice : old)))
        }
      />
      <p className="text-sm text-slate-700">
        {preview.ok
          ? `Credits ${formatMoney(preview.totalMinor, currency)} before VAT. `
          : 'Choose the lines to credit. '}
        {creditable.status === 'paid'
          ? 'The invoice is paid: the credit goes to the member’s account.'
          : `What the invoice still asks for (${formatMoney(creditable.balanceMinor, currency)}) is reduced; money already paid beyond it goes to the member’s account.`}
      </p>
      <LabelledControl label="Reason" hint="Printed on the credit note.">
        <textarea
          className={inputClass}
          rows={2}
          value={reason}
          required
          onChange={(event) => setReason(event.target.value)}
        />
      </LabelledControl>
      {creditable.needsMembershipDecision ? (
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium">Membership year {creditable.year}</legend>
          {creditNoteMembershipDecisions.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="membershipDecision"
                className={focusRing}
                checked={decision === value}
                onChange={() => setDecision(value)}
              />
              {creditNoteMembershipDecisionLabels[value]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className={focusRing}
          checked={sendEmail}
          disabled={!creditable.memberEmail}
          onChange={(event) => setSendEmail(event.target.checked)}
        />
        {creditable.memberEmail
          ? `E-mail the credit note to ${creditable.memberEmail}`
          : 'The member has no e-mail address: the credit note cannot be e-mailed'}
      </label>
      <DialogFooter
        errorText={formError ?? (issue.error ? getErrorMessage(issue.error) : null)}
        onCancel={onClose}
        submit={{ label: 'Issue credit note', busyLabel: 'Issuing…', isBusy: issue.isPending }}
      />
    </DialogForm>
  );
}

/**
 * The credit note dialog of an invoice: choose the lines (all, or part of one by its amount),
 * the reason, for a paid membership invoice whether the year stays paid or is revoked, and
 * whether to e-mail it. It reads what is left of each line when it opens; `onDone` receives the
 * credit note and what it caused.
 */
export function CreditNoteDialog({
  invoice,
  isOpen,
  onClose,
  onDone,
}: {
  invoice: CreditNoteInvoice;
  isOpen: boolean;
  onClose: () => void;
  onDone: (result: TCreditNoteResult) => void;
}) {
  const creditable = useCreditableInvoice(invoice.iid, isOpen);
  const data = creditable.data;
  return (
    <Modal
      width="wide"
      isOpen={isOpen}
      title={`Credit note on ${invoice.number}`}
      onClose={onClose}
    >
      {creditable.isPending ? (
        <p className="text-sm text-slate-600">Reading the invoice…</p>
      ) : creditable.error ? (
        <DialogFooter errorText={getErrorMessage(creditable.error)} onCancel={onClose} />
      ) : data && !data.canCredit ? (
        <DialogFooter
          errorText={`Invoice ${data.number} cannot be credited: it is ${data.status}${data.status === 'issued' || data.status === 'paid' ? ' and credited in full' : ''}.`}
          onCancel={onClose}
        />
      ) : data ? (
        <CreditNoteForm
          key={`${data.iid}-${data.creditedMinor}`}
          invoice={invoice}
          creditable={data}
          version={invoice.version}
          onClose={onClose}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}
