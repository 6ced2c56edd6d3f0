import {
  invoicePaymentMethods,
  parseMajorAmount,
  formatMinorPlain,
  type TInvoiceActionResult,
  type TInvoiceDetail,
  type TInvoicePaymentMethod,
} from '@ops/contract';
import { useState } from 'react';
import { Button, focusRing } from '@/components/button';
import { ConfirmDialog, ConflictNotice, isVersionConflict } from '@/components/detail';
import { getErrorMessage } from '@/lib/error-message';
import { useInvoiceAction } from '../api/run-invoice-action';
import { paymentMethodLabels } from './labels';
import { Modal } from './modal';
import { formatDate } from '@/components/detail/format';

type Open = null | 'issue' | 'mark-paid' | 'void' | 'uncollectible';

const todayLocal = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * The life-cycle moves the invoice's state allows (the server lists them in `actions`), each
 * behind its dialog; `onDone` receives what the move caused (rule 2's effects after a payment).
 */
export function InvoiceActions({
  invoice,
  onDone,
  onReload,
}: {
  invoice: TInvoiceDetail;
  onDone: (result: TInvoiceActionResult) => void;
  onReload: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const action = useInvoiceAction(invoice.iid);
  const [sendEmail, setSendEmail] = useState(Boolean(invoice.member?.email));
  const [paidAt, setPaidAt] = useState(todayLocal());
  const [amount, setAmount] = useState(formatMinorPlain(invoice.totalMinor));
  const [method, setMethod] = useState<TInvoicePaymentMethod>('bank-transfer');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const close = () => {
    setOpen(null);
    action.reset();
  };
  const finish = (result: TInvoiceActionResult) => {
    setOpen(null);
    onDone(result);
  };
  // Awaited rather than mutate's per-call onSuccess: the answer bumps the invoice's version,
  // which remounts this component (keyed by version), and TanStack Query drops the per-call
  // callbacks of an unmounted caller, so the effects of a payment went unreported now and then.
  // A failure is shown from the mutation's state (action.error).
  const run = (request: Parameters<typeof action.mutateAsync>[0]) => {
    action.mutateAsync(request).then(finish, () => undefined);
  };
  const error = action.error;
  const errorText = error && !isVersionConflict(error) ? getErrorMessage(error) : null;
  const conflict =
    error && isVersionConflict(error) ? (
      <ConflictNotice
        message={error.message}
        onReload={() => {
          close();
          onReload();
        }}
      />
    ) : null;
  const has = (name: TInvoiceDetail['actions'][number]) => invoice.actions.includes(name);
  const inputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;

  return (
    <>
      {has('issue') ? <Button onClick={() => setOpen('issue')}>Issue</Button> : null}
      {has('mark-paid') ? <Button onClick={() => setOpen('mark-paid')}>Mark paid</Button> : null}
      {has('void') ? (
        <Button variant="secondary" onClick={() => setOpen('void')}>
          Void
        </Button>
      ) : null}
      {has('uncollectible') ? (
        <Button variant="secondary" onClick={() => setOpen('uncollectible')}>
          Uncollectible
        </Button>
      ) : null}

      <Modal isOpen={open === 'issue'} title={`Issue ${invoice.number}`} onClose={close}>
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
        {conflict}
        {errorText ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={action.isPending}>
            Cancel
          </Button>
          <Button
            isBusy={action.isPending}
            onClick={() => run({ action: 'issue', body: { version: invoice.version, sendEmail } })}
          >
            {action.isPending ? 'Issuing…' : 'Issue invoice'}
          </Button>
        </div>
      </Modal>

      <Modal isOpen={open === 'mark-paid'} title={`Mark ${invoice.number} paid`} onClose={close}>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = parseMajorAmount(amount);
            if (!parsed.ok) {
              setAmountError(parsed.message);
              return;
            }
            setAmountError(null);
            run({
              action: 'mark-paid',
              body: {
                version: invoice.version,
                paidAt,
                amountMinor: parsed.minor,
                method,
                reference: reference.trim() || null,
              },
            });
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Paid on</span>
            <input
              type="date"
              className={inputClass}
              value={paidAt}
              max={todayLocal()}
              onChange={(event) => setPaidAt(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Amount ({invoice.currency})</span>
            <input
              className={`${inputClass} tabular-nums`}
              inputMode="decimal"
              value={amount}
              aria-invalid={amountError ? true : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            {amountError ? <span className="text-xs text-red-700">{amountError}</span> : null}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Method</span>
            <select
              className={inputClass}
              value={method}
              onChange={(event) => setMethod(event.target.value as TInvoicePaymentMethod)}
            >
              {invoicePaymentMethods.map((value) => (
                <option key={value} value={value}>
                  {paymentMethodLabels[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Reference</span>
            <input
              className={inputClass}
              value={reference}
              placeholder="Bank transaction, receipt…"
              onChange={(event) => setReference(event.target.value)}
            />
          </label>
          {invoice.kind === 'membership' ? (
            <p className="text-sm text-slate-600">
              A paid membership invoice makes the member active, moves its paid-through year to{' '}
              {invoice.year} and issues the membership certificate.
            </p>
          ) : null}
          {conflict}
          {errorText ? (
            <p role="alert" className="text-sm text-red-700">
              {errorText}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" isBusy={action.isPending}>
              {action.isPending ? 'Saving…' : 'Mark paid'}
            </Button>
          </div>
        </form>
      </Modal>

      {(['void', 'uncollectible'] as const).map((to) => (
        <ConfirmDialog
          key={to}
          isOpen={open === to}
          title={to === 'void' ? `Void ${invoice.number}` : `Write ${invoice.number} off`}
          confirmLabel={to === 'void' ? 'Void invoice' : 'Mark uncollectible'}
          busyLabel="Saving…"
          tone="danger"
          reason={{ label: 'Reason', isRequired: true, help: 'Kept in the invoice’s history.' }}
          isBusy={action.isPending}
          error={error ? getErrorMessage(error) : null}
          onClose={close}
          onConfirm={(reason) => run({ action: to, body: { version: invoice.version, reason } })}
        >
          {to === 'void'
            ? 'A void invoice stays on record and can no longer be paid.'
            : 'The invoice is written off: it stays on record and is no longer expected to be paid.'}
        </ConfirmDialog>
      ))}
    </>
  );
}
