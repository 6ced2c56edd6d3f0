import type { TActivityFacets } from '@ops/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** Under the list's root: a refresh of the activity log reaches its filter choices too. */
export const activityQueryKeys = areaKeys('activity');

export function getActivityFacets(signal?: AbortSignal): Promise<TActivityFacets> {
  return apiRequest<TActivityFacets>('/api/activity/facets', { signal });
}

export function activityFacetsQueryOptions() {
  return queryOptions({
    queryKey: activityQueryKeys.of('facets'),
    queryFn: ({ signal }) => getActivityFacets(signal),
    // New operators and actions are rare; the list itself follows every change.
    staleTime: 60_000,
  });
}

/** The operator and action filters' choices: everyone and every action the trail holds. */
export function useActivityFacets() {
  return useQuery(activityFacetsQueryOptions());
}
