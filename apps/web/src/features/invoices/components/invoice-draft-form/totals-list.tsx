import type { computeInvoiceTotals } from '@ops/contract';
import { formatMoney } from '@/components/detail';

/** The totals as the server will compute them, live as the lines are typed. */
export function TotalsList({
  id,
  totals,
  currency,
}: {
  id: string;
  totals: ReturnType<typeof computeInvoiceTotals>;
  currency: string;
}) {
  return (
    <dl
      aria-label="Totals"
      id={id}
      className="grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm tabular-nums"
    >
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right">{formatMoney(totals.subtotalMinor, currency)}</dd>
      <dt className="text-slate-600">VAT</dt>
      <dd className="text-right">{formatMoney(totals.vatMinor, currency)}</dd>
      <dt className="text-slate-600">Donation</dt>
      <dd className="text-right">{formatMoney(totals.donationMinor, currency)}</dd>
      <dt className="font-semibold text-slate-900">Total</dt>
      <dd className="text-right font-semibold" data-testid="draft-total">
        {formatMoney(totals.totalMinor, currency)}
      </dd>
    </dl>
  );
}
