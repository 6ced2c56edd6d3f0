import type { TPaymentDetail } from '@ops/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@ops/ui/button';
import { ConflictNotice, isVersionConflict } from '@/components/detail';
import { TextField } from '@ops/ui/text-field';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useLinkPayment } from '../api/link-payment';

/**
 * Links an unlinked card payment to one of our invoices by its number. A paid card payment
 * marks an issued invoice paid by card at once; the answer says what happened.
 */
export function LinkPayment({
  payment,
  onReload,
}: {
  payment: TPaymentDetail;
  onReload: () => void;
}) {
  const link = useLinkPayment(payment.sid);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const conflict = link.isError && isVersionConflict(link.error) ? link.error : null;
  const fieldError =
    link.isError && !conflict && isApiError(link.error)
      ? (link.error.issues?.find((issue) => issue.path === 'body.invoiceNumber')?.message ?? null)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    link.mutate(
      { version: payment.version, invoiceNumber },
      { onSuccess: (result) => setMessage(result.message) },
    );
  };

  if (message) {
    return (
      <p
        role="status"
        className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      >
        {message}
      </p>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50 p-3"
      aria-label="Link to an invoice"
    >
      <p className="text-sm text-amber-900">
        This card payment is not linked to any of our invoices.
        {payment.status === 'paid'
          ? ' Linking it to an issued invoice marks that invoice paid by card.'
          : ' Once it is paid, the linked invoice is marked paid by card.'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Invoice number"
          help="Our invoice this card payment pays, e.g. 2026-000123"
          value={invoiceNumber}
          onChange={(event) => setInvoiceNumber(event.target.value)}
          error={fieldError}
          required
          maxLength={40}
          className="min-w-[14rem] flex-1"
        />
        <Button type="submit" disabled={link.isPending || invoiceNumber.trim() === ''}>
          {link.isPending ? 'Linking…' : 'Link'}
        </Button>
      </div>
      {conflict ? (
        <ConflictNotice
          message={getErrorMessage(conflict)}
          onReload={() => {
            link.reset();
            onReload();
          }}
        />
      ) : link.isError && !fieldError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(link.error)}
        </p>
      ) : null}
    </form>
  );
}
