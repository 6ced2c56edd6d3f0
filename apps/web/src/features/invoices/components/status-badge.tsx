import type { TInvoiceStatus } from '@ops/contract';
import { invoiceStatusLabels } from '@/lib/labels';

const tones: Record<TInvoiceStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  issued: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  void: 'bg-slate-200 text-slate-700',
  uncollectible: 'bg-red-100 text-red-900',
  credited: 'bg-slate-100 text-slate-700',
};

/**
 * An invoice's status as a badge, with "Partially paid" beside it when money was received and a
 * balance is left, and "Overdue" when it is issued and past due.
 */
export function InvoiceStatusBadge({
  status,
  isOverdue,
  isPartiallyPaid = false,
}: {
  status: TInvoiceStatus;
  isOverdue: boolean;
  isPartiallyPaid?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}
      >
        {invoiceStatusLabels[status]}
      </span>
      {isPartiallyPaid ? (
        <span className="inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900">
          Partially paid
        </span>
      ) : null}
      {isOverdue ? (
        <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          Overdue
        </span>
      ) : null}
    </span>
  );
}
