import type { TDunningLettersPosted, TDunningLettersPostedResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { dunningQueryKeys, invoiceQueryKeys } from './query-keys';

/** Confirms that the letters of these postal reminders were printed and posted. */
export function markLettersPosted(
  body: TDunningLettersPosted,
): Promise<TDunningLettersPostedResult> {
  return apiRequest<TDunningLettersPostedResult>('/api/dunning/letters/posted', {
    method: 'POST',
    body,
  });
}

/** The letters leave "Needs a letter": the invoices (list and details) and the letters refetch. */
export function useMarkLettersPosted() {
  return useInvalidatingMutation({
    mutationFn: markLettersPosted,
    invalidates: () => [invoiceQueryKeys.all, dunningQueryKeys.all],
  });
}
