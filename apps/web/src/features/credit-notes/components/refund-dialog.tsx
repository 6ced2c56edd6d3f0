import { todayAtHeadquarters } from '@/lib/clock';
import {
  formatMinorPlain,
  parseMajorAmount,
  type TRefundRequest,
  type TRefundResult,
} from '@ops/contract';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { formatMoney } from '@ops/ui/format';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useRefundMemberCredit } from '../api/refund-member-credit';
import { DialogFooter, DialogForm, Modal } from '@ops/ui/modal';
import { LabelledControl } from '@ops/ui/labelled-control';
import { SuccessNote } from '@/components/success-note';
import { BookedOnInput } from '@/components/booked-on-input';

const inputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;

type RefundProps = {
  memberMid: string;
  currency: string;
  /** The member's credit in that currency (minor units): the most that can be refunded. */
  creditAvailableMinor: number | string;
};

function RefundForm({
  memberMid,
  currency,
  creditAvailableMinor,
  onClose,
  onDone,
}: RefundProps & { onClose: () => void; onDone: (result: TRefundResult) => void }) {
  const refund = useRefundMemberCredit(memberMid);
  const available = Number(creditAvailableMinor);
  const [amount, setAmount] = useState(formatMinorPlain(available));
  const [bookedOn, setBookedOn] = useState(todayAtHeadquarters());
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const submit = () => {
    const parsed = parseMajorAmount(amount);
    if (!parsed.ok) return setFormError(parsed.message);
    if (parsed.minor <= 0) return setFormError('The amount must be more than zero.');
    if (parsed.minor > available) {
      return setFormError(`At most the member’s credit, ${formatMoney(available, currency)}.`);
    }
    if (!reason.trim()) return setFormError('Give the reason.');
    setFormError(null);
    refund
      .mutateAsync({
        currency: currency as TRefundRequest['currency'],
        amountMinor: parsed.minor,
        method: 'bank-transfer',
        bookedOn,
        reference: reference.trim() || null,
        reason: reason.trim(),
      })
      .then(onDone, () => undefined);
  };

  return (
    <DialogForm onSubmit={submit}>
      <p className="text-sm text-slate-700">
        The member has {formatMoney(available, currency)} of credit. Record the bank transfer that
        pays it back.
      </p>
      <LabelledControl label={`Amount (${currency})`}>
        <input
          className={`${inputClass} tabular-nums`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </LabelledControl>
      <LabelledControl label="Paid out on">
        <BookedOnInput value={bookedOn} onChange={setBookedOn} />
      </LabelledControl>
      <LabelledControl label="Reference">
        <input
          className={inputClass}
          value={reference}
          placeholder="The bank transfer’s reference"
          onChange={(event) => setReference(event.target.value)}
        />
      </LabelledControl>
      <LabelledControl label="Reason">
        <textarea
          className={inputClass}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </LabelledControl>
      <DialogFooter
        errorText={formError ?? (refund.error ? getErrorMessage(refund.error) : null)}
        onCancel={onClose}
        submit={{ label: 'Record refund', busyLabel: 'Saving…', isBusy: refund.isPending }}
      />
    </DialogForm>
  );
}

/** The refund dialog: pays a member's credit in one currency back by bank transfer. */
export function RefundDialog({
  isOpen,
  onClose,
  onDone,
  ...props
}: RefundProps & {
  isOpen: boolean;
  onClose: () => void;
  onDone: (result: TRefundResult) => void;
}) {
  return (
    <Modal isOpen={isOpen} title={`Refund ${props.currency} credit`} onClose={onClose}>
      <RefundForm {...props} onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

/**
 * "Refund…": opens the refund dialog, for operators allowed to reverse payments
 * (`payments.reverse`) and only when the member has credit in that currency. The member's
 * ledger places it; the outcome shows under it unless `onDone` takes it.
 */
export function RefundAction({
  onDone,
  ...props
}: RefundProps & { onDone?: (result: TRefundResult) => void }) {
  const canRefund = useCan('payments.reverse');
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!canRefund || Number(props.creditAvailableMinor) <= 0) {
    return message ? <SuccessNote>{message}</SuccessNote> : null;
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Refund…
      </Button>
      <RefundDialog
        {...props}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onDone={(result) => {
          setIsOpen(false);
          if (onDone) onDone(result);
          else setMessage(result.message);
        }}
      />
      {message ? <SuccessNote>{message}</SuccessNote> : null}
    </>
  );
}
