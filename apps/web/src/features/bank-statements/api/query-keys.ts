import { auditQueryKeys } from '@/components/detail';
import { areaKeys } from '@/lib/query-keys';

/** The bank statements area: its list views (the list kit's root) and each statement's detail. */
export const bankStatementQueryKeys = areaKeys('bank-statements');

/** Bank entries: a statement's entries, the Unmatched payments queue and its count. */
export const bankEntryQueryKeys = areaKeys('bank-entries');

/**
 * What booking, confirming, assigning or reversing a bank payment makes stale: the bank's own
 * lists and details, and the invoices and members it paid (another area's keys, by root) with
 * their histories.
 */
export function bankBookingStaleKeys() {
  return [
    bankStatementQueryKeys.all,
    bankEntryQueryKeys.all,
    areaKeys('invoices').all,
    areaKeys('members').all,
    auditQueryKeys.all,
  ] as const;
}
