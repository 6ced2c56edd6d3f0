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

/**
 * The dunning levels (issue 17) by number, as the list's column and filter name them: the
 * default names of the levels (the settings may rename a level; its number stays). 0: none sent.
 */
export const dunningLevelLabels: Record<number, string> = {
  0: 'None',
  1: 'Reminder 1',
  2: 'Reminder 2',
  3: 'Final notice',
  4: 'Suspension',
};
