import type { TDunningLetters } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { dunningQueryKeys } from './query-keys';

export function getDunningLetters(signal?: AbortSignal): Promise<TDunningLetters> {
  return apiRequest<TDunningLetters>('/api/dunning/letters', { signal });
}

export function dunningLettersQueryOptions() {
  return queryOptions({
    queryKey: dunningQueryKeys.of('letters'),
    queryFn: ({ signal }) => getDunningLetters(signal),
    // Read afresh each time the dialog opens, and then left alone while it is open: the letters
    // confirmed must be the ones downloaded, not a list that changed behind the operator's back
    // (coming back from the PDF viewer would otherwise refetch it).
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The PDF of the letters listed (`upTo`: the list's time, so it prints exactly those). */
export function dunningLettersPdfHref(preparedAt: string): string {
  return `/api/dunning/letters/pdf?${new URLSearchParams({ upTo: preparedAt, download: '1' }).toString()}`;
}

/** The postal reminders that need a letter, read when the dialog opens (`isEnabled`). */
export function useDunningLetters(isEnabled: boolean) {
  return useQuery({ ...dunningLettersQueryOptions(), enabled: isEnabled });
}
