import type { TBackups } from '@ops/contract/backups';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { backupQueryKeys } from './query-keys';

export const backupsPath = '/api/backups';

export function getBackups(signal?: AbortSignal): Promise<TBackups> {
  return apiRequest<TBackups>(backupsPath, { signal });
}

export const backupsQueryOptions = queryOptions({
  queryKey: backupQueryKeys.of('overview'),
  queryFn: ({ signal }) => getBackups(signal),
});

/**
 * The retention and the last 50 backups, fetched again when the change feed reports a backup
 * (a run begins, ends, or retention deletes one) or the settings.
 */
export function useBackups() {
  const queryClient = useQueryClient();
  useLiveChanges(['backups', 'backup_settings'], () => {
    void queryClient.invalidateQueries({ queryKey: backupQueryKeys.all });
  });
  return useQuery(backupsQueryOptions);
}
