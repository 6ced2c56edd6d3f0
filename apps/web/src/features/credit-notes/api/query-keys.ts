import { areaKeys } from '@/lib/query-keys';

/** Credit notes: an invoice's creditable lines, and credit notes by id. */
export const creditNoteQueryKeys = areaKeys('credit-notes');

/**
 * What a credit note or a refund changes beyond this area: the invoice (its balance and status),
 * the invoice lists and fixes, the member (its ledger and open balance), certificates (a revoked
 * membership year). Named by root, as the web's data convention allows.
 */
export const moneyChangedKeys = [
  creditNoteQueryKeys.all,
  areaKeys('invoices').all,
  areaKeys('invoice-fixes').all,
  areaKeys('members').all,
  areaKeys('certificates').all,
] as const;
