import type { TPaymentStatus } from '@ops/contract';
import { paymentStatusLabels } from '@/lib/labels';

const tones: Record<TPaymentStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  open: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  uncollectible: 'bg-amber-100 text-amber-900',
  void: 'bg-slate-200 text-slate-800',
};

/** A card-payment invoice's status as a small coloured badge; the status in words. */
export function PaymentStatusBadge({
  status,
  isDeleted = false,
}: {
  status: TPaymentStatus;
  isDeleted?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}
      >
        {paymentStatusLabels[status]}
      </span>
      {isDeleted ? <span className="text-xs text-slate-600">Deleted</span> : null}
    </span>
  );
}
