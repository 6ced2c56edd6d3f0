// The words of the invoice enumerations live in the one table per enumeration (lib/labels).
export { invoiceKindLabels, invoiceSourceLabels, paymentMethodLabels } from '@/lib/labels';

/** A movement of money on an invoice, as its Payments section names it (issue 16). */
export const movementKindLabels = {
  payment: 'Payment',
  'write-off': 'Write-off',
  'credit-note': 'Credit note',
  'credit-applied': 'Member credit applied',
  refund: 'Refund',
  reversal: 'Reversal',
} as const;

/** Where a movement came from. */
export const movementSourceLabels = {
  bank: 'Bank statement',
  card: 'Card payment',
  csv: 'CSV import',
  manual: 'By hand',
  credit: 'Member credit',
  recorded: 'Recorded as paid',
} as const;
