import type { TInvoiceStatus } from '@ops/contract';
import { margin } from '../../lib/pdf-kit';

/** The columns of the lines table; the totals align with its VAT and amount columns. */
export const columns = {
  description: margin,
  quantity: margin + 250,
  unit: margin + 285,
  vat: margin + 360,
  amount: margin + 425,
};

/** The colour of each status stamp (its words are the document's language's, `labels.ts`). */
export const statusStampColors: Partial<Record<TInvoiceStatus, string>> = {
  draft: '#b45309',
  paid: '#15803d',
  void: '#b91c1c',
  uncollectible: '#6b7280',
  credited: '#6b7280',
};
