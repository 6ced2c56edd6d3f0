import type {
  TBankEntryActionResult,
  TAssignBankEntryRequest,
} from '@ops/contract/bank-statements';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankBookingStaleKeys, bankEntryQueryKeys } from './query-keys';

export function assignBankEntry(
  beid: string,
  body: TAssignBankEntryRequest,
): Promise<TBankEntryActionResult> {
  return apiRequest<TBankEntryActionResult>(
    `/api/bank-entries/${encodeURIComponent(beid)}/assign`,
    { method: 'POST', body },
  );
}

/** Books an unmatched payment to the invoice the operator chose (rule `operator`). */
export function useAssignBankEntry() {
  return useInvalidatingMutation({
    mutationFn: ({ beid, ...body }: { beid: string } & TAssignBankEntryRequest) =>
      assignBankEntry(beid, body),
    invalidates: () => bankBookingStaleKeys(),
    // A 409 (someone acted on the entry first): show the entry as it now is.
    invalidatesAfterError: () => [bankEntryQueryKeys.all],
  });
}
