import type { TPaymentStatus } from '@ops/contract';
import { Badge, type BadgeTone } from '@/components/badge';
import { paymentStatusLabels } from '@/lib/labels';

const tones: Record<TPaymentStatus, BadgeTone> = {
  draft: 'slate',
  open: 'sky',
  paid: 'emerald',
  uncollectible: 'amber',
  void: 'grey',
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
    // One line: in the list's row of fixed height a second line would spill into the next row.
    <span className="inline-flex max-w-full items-center gap-1 whitespace-nowrap">
      <Badge tone={tones[status]}>{paymentStatusLabels[status]}</Badge>
      {isDeleted ? <span className="text-xs text-slate-600">Deleted</span> : null}
    </span>
  );
}
