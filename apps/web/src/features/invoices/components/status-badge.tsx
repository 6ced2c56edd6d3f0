import type { TInvoiceStatus } from '@ops/contract';
import { BadgeList, type BadgeItem, type BadgeTone } from '@/components/badge';
import { invoiceStatusLabels } from '@/lib/labels';

const tones: Record<TInvoiceStatus, BadgeTone> = {
  draft: 'slate',
  issued: 'sky',
  paid: 'emerald',
  void: 'grey',
  uncollectible: 'red',
  credited: 'slate',
};

/**
 * An invoice's status as a badge, with "Overdue" after it when it is issued and past due, and
 * "Partially paid" when money was received and a balance is left. On one line: in the list's
 * narrow column what does not fit is "+N", the whole list in words in the tooltip and for
 * screen readers (Overdue first of the two: it is the one to act on).
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
  const badges: BadgeItem[] = [{ label: invoiceStatusLabels[status], tone: tones[status] }];
  if (isOverdue) badges.push({ label: 'Overdue', tone: 'amber' });
  if (isPartiallyPaid) badges.push({ label: 'Partially paid', tone: 'violet' });
  return <BadgeList badges={badges} />;
}
