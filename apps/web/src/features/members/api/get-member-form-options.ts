import type { TMemberFormOptions } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { memberQueryKeys } from './query-keys';

/** The choices of the member form (countries, national associations…). */
export function getMemberFormOptions(signal?: AbortSignal): Promise<TMemberFormOptions> {
  return apiRequest<TMemberFormOptions>('/api/members/form-options', { signal });
}

export function memberFormOptionsQueryOptions() {
  return queryOptions({
    queryKey: memberQueryKeys.of('form-options'),
    queryFn: ({ signal }) => getMemberFormOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMemberFormOptions(isEnabled: boolean) {
  return useQuery({ ...memberFormOptionsQueryOptions(), enabled: isEnabled });
}
