import type { THomeOverview } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { areaKeys } from '@/lib/query-keys';

const homeKeys = areaKeys('home');

/** Cache keys of the home feature. */
export const homeQueryKeys = {
  /** The counts of work that needs action. */
  overview: homeKeys.of('overview'),
};

/** What needs an operator's action today: the counts of the start page. */
export function getOverview(signal?: AbortSignal): Promise<THomeOverview> {
  return apiRequest<THomeOverview>('/api/home/overview', { signal });
}

/** How often the counts are taken again while the screen is shown (and the tab visible). */
export const overviewRefetchInterval = 60_000;

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: homeQueryKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
    // The start page is where an operator looks to see what came in: every minute, and on
    // coming back to the tab whatever its age (the default would wait for the 30 s staleTime).
    // A hidden tab does not poll (TanStack's refetchIntervalInBackground is off); coming back
    // refetches at once.
    refetchInterval: overviewRefetchInterval,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * The counts, every minute; the members' requests from the portal (issue 35) at once, as they
 * come and as colleagues decide them (a few a day: each one refetches).
 */
export function useOverview() {
  const queryClient = useQueryClient();
  useLiveChanges(['member_change_requests'], () => {
    void queryClient.invalidateQueries({ queryKey: homeQueryKeys.overview });
  });
  return useQuery(overviewQueryOptions());
}
