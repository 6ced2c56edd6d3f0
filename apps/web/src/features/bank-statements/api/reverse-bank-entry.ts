import type {
  TBankEntryActionResult,
  TReverseBankEntryRequest,
} from '@ops/contract/bank-statements';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankBookingStaleKeys, bankEntryQueryKeys } from './query-keys';

export function reverseBankEntry(
  beid: string,
  body: TReverseBankEntryRequest,
): Promise<TBankEntryActionResult> {
  return apiRequest<TBankEntryActionResult>(
    `/api/bank-entries/${encodeURIComponent(beid)}/reverse`,
    { method: 'POST', body },
  );
}

/** Reverses a booking (or takes an ignored payment back): the entry returns to the queue. */
export function useReverseBankEntry() {
  return useInvalidatingMutation({
    mutationFn: ({ beid, ...body }: { beid: string } & TReverseBankEntryRequest) =>
      reverseBankEntry(beid, body),
    invalidates: () => bankBookingStaleKeys(),
    // A 409 (someone acted on the entry first): show the entry as it now is.
    invalidatesAfterError: () => [bankEntryQueryKeys.all],
  });
}
