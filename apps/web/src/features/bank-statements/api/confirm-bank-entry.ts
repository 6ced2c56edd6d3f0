import type {
  TBankEntryActionResult,
  TConfirmBankEntryRequest,
} from '@ops/contract/bank-statements';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankBookingStaleKeys, bankEntryQueryKeys } from './query-keys';

export function confirmBankEntry(
  beid: string,
  body: TConfirmBankEntryRequest,
): Promise<TBankEntryActionResult> {
  return apiRequest<TBankEntryActionResult>(
    `/api/bank-entries/${encodeURIComponent(beid)}/confirm`,
    { method: 'POST', body },
  );
}

/** Books a suggested payment to its suggested invoice. */
export function useConfirmBankEntry() {
  return useInvalidatingMutation({
    mutationFn: ({ beid, ...body }: { beid: string } & TConfirmBankEntryRequest) =>
      confirmBankEntry(beid, body),
    invalidates: () => bankBookingStaleKeys(),
    // A 409 (someone acted on the entry first): show the entry as it now is.
    invalidatesAfterError: () => [bankEntryQueryKeys.all],
  });
}
