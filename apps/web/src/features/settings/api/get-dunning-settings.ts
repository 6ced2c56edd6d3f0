import type { TDunningSettings } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { dunningQueryKeys } from './query-keys';

export const dunningSettingsPath = '/api/dunning/settings';

export function getDunningSettings(signal?: AbortSignal): Promise<TDunningSettings> {
  return apiRequest<TDunningSettings>(dunningSettingsPath, { signal });
}

export const dunningSettingsQueryOptions = queryOptions({
  queryKey: dunningQueryKeys.of('settings'),
  queryFn: ({ signal }) => getDunningSettings(signal),
});

/** The levels, minimums and recent-payment days, fetched again when anyone changes them. */
export function useDunningSettings() {
  const queryClient = useQueryClient();
  useLiveChanges(['dunning_levels', 'dunning_minimums', 'dunning_settings'], () => {
    void queryClient.invalidateQueries({ queryKey: dunningQueryKeys.of('settings') });
  });
  return useQuery(dunningSettingsQueryOptions);
}
