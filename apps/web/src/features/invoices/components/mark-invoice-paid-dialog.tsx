import { todayAtHeadquarters } from '@/lib/clock';
import {
  invoicePaymentMethods,
  parseMajorAmount,
  formatMinorPlain,
  type TInvoiceDetail,
  type TInvoicePaymentMethod,
} from '@ops/contract';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { formatMoney } from '@/components/detail';
import { InvoiceActionFooter, type InvoiceActionState } from './invoice-action-footer';
import { paymentMethodLabels } from './labels';
import { DialogForm, Modal } from '@ops/ui/modal';
import { LabelledControl } from '@ops/ui/labelled-control';
import { BookedOnInput } from '@/components/booked-on-input';

export type TMarkPaidBody = {
  version: number;
  paidAt: string;
  amountMinor: number;
  method: TInvoicePaymentMethod;
  reference: string | null;
};

/**
 * The mark-paid form: date, amount (prefilled with the balance, checked here before sending),
 * method and reference. The server's money engine decides the outcome and says it.
 */
export function MarkInvoicePaidDialog({
  invoice,
  isOpen,
  state,
  onMarkPaid,
}: {
  invoice: TInvoiceDetail;
  isOpen: boolean;
  state: InvoiceActionState;
  onMarkPaid: (body: TMarkPaidBody) => void;
}) {
  const [paidAt, setPaidAt] = useState(todayAtHeadquarters());
  // What is still open: a partially paid invoice asks for the rest (issue 16).
  const [amount, setAmount] = useState(formatMinorPlain(invoice.balanceMinor));
  const [method, setMethod] = useState<TInvoicePaymentMethod>('bank-transfer');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const inputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;

  return (
    <Modal isOpen={isOpen} title={`Mark ${invoice.number} paid`} onClose={state.onClose}>
      <DialogForm
        onSubmit={() => {
          const parsed = parseMajorAmount(amount);
          if (!parsed.ok) {
            setAmountError(parsed.message);
            return;
          }
          setAmountError(null);
          onMarkPaid({
            version: invoice.version,
            paidAt,
            amountMinor: parsed.minor,
            method,
            reference: reference.trim() || null,
          });
        }}
      >
        <LabelledControl label="Paid on">
          <BookedOnInput value={paidAt} onChange={setPaidAt} />
        </LabelledControl>
        <LabelledControl label={`Amount (${invoice.currency})`}>
          <input
            className={`${inputClass} tabular-nums`}
            inputMode="decimal"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {amountError ? <span className="text-xs text-red-700">{amountError}</span> : null}
          <span className="text-xs text-slate-600">
            Balance {formatMoney(invoice.balanceMinor, invoice.currency)}
            {invoice.balanceMinor !== invoice.totalMinor
              ? ` of ${formatMoney(invoice.totalMinor, invoice.currency)}`
              : ''}
            . Less: a small difference (the currency’s payment tolerance) is written off as bank
            charges, more stays open as a partial payment. More: the surplus becomes the member’s
            credit.
          </span>
        </LabelledControl>
        <LabelledControl label="Method">
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
        </LabelledControl>
        <LabelledControl label="Reference">
          <input
            className={inputClass}
            value={reference}
            placeholder="Bank transaction, receipt…"
            onChange={(event) => setReference(event.target.value)}
          />
        </LabelledControl>
        {invoice.kind === 'membership' ? (
          <p className="text-sm text-slate-600">
            A paid membership invoice makes the member active, moves its paid-through year to{' '}
            {invoice.year} and issues the membership certificate.
          </p>
        ) : null}
        <InvoiceActionFooter state={state}>
          <Button type="submit" isBusy={state.isPending}>
            {state.isPending ? 'Saving…' : 'Mark paid'}
          </Button>
        </InvoiceActionFooter>
      </DialogForm>
    </Modal>
  );
}
