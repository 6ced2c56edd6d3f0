import type { TMemberFixesSummary } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { memberFixesQueryKeys } from './query-keys';

/** How many members each check finds. */
export function getMemberFixesSummary(signal?: AbortSignal): Promise<TMemberFixesSummary> {
  return apiRequest<TMemberFixesSummary>('/api/members/fixes', { signal });
}

export function memberFixesSummaryQueryOptions() {
  return queryOptions({
    queryKey: memberFixesQueryKeys.of('summary'),
    queryFn: ({ signal }) => getMemberFixesSummary(signal),
  });
}

export function useMemberFixesSummary() {
  return useQuery(memberFixesSummaryQueryOptions());
}

/**
 * Another operator's change to members or countries (or our own) may add or settle findings:
 * fetch the checks again when the change stream says so.
 */
export function useLiveMemberFixes() {
  const queryClient = useQueryClient();
  useLiveChanges(['members', 'countries'], () => {
    void queryClient.invalidateQueries({ queryKey: memberFixesQueryKeys.all });
  });
}
