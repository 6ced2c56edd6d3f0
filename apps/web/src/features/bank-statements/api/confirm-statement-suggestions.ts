import type {
  TConfirmSuggestionsRequest,
  TConfirmSuggestionsResult,
} from '@ops/contract/bank-statements';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankStatementPath } from './get-bank-statement';
import { bankBookingStaleKeys } from './query-keys';

export function confirmStatementSuggestions(
  bsid: string,
  body: TConfirmSuggestionsRequest,
): Promise<TConfirmSuggestionsResult> {
  return apiRequest<TConfirmSuggestionsResult>(`${bankStatementPath(bsid)}/confirm-suggestions`, {
    method: 'POST',
    body,
  });
}

/** Books every suggestion of a statement at once; the answer says how many and what was left. */
export function useConfirmStatementSuggestions(bsid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TConfirmSuggestionsRequest) => confirmStatementSuggestions(bsid, body),
    invalidates: () => bankBookingStaleKeys(),
  });
}
