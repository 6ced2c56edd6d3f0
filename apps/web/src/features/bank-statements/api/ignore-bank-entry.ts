import type {
  TBankEntryActionResult,
  TIgnoreBankEntryRequest,
} from '@ops/contract/bank-statements';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankBookingStaleKeys, bankEntryQueryKeys } from './query-keys';

export function ignoreBankEntry(
  beid: string,
  body: TIgnoreBankEntryRequest,
): Promise<TBankEntryActionResult> {
  return apiRequest<TBankEntryActionResult>(
    `/api/bank-entries/${encodeURIComponent(beid)}/ignore`,
    { method: 'POST', body },
  );
}

/** Marks a payment "not a member payment", with the operator's reason. */
export function useIgnoreBankEntry() {
  return useInvalidatingMutation({
    mutationFn: ({ beid, ...body }: { beid: string } & TIgnoreBankEntryRequest) =>
      ignoreBankEntry(beid, body),
    invalidates: () => bankBookingStaleKeys(),
    // A 409 (someone acted on the entry first): show the entry as it now is.
    invalidatesAfterError: () => [bankEntryQueryKeys.all],
  });
}
