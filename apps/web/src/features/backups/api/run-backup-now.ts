import { nightlyBackupTaskName } from '@ops/contract/backups';
import type { TJobRun } from '@ops/contract/jobs';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { backupQueryKeys, jobQueryKeys } from './query-keys';

/** The Jobs screen's Run now of the nightly backup (`jobs.manage`): queues a manual run. */
export function runBackupNow(): Promise<TJobRun> {
  return apiRequest<TJobRun>(`/api/jobs/schedules/${nightlyBackupTaskName}/run`, {
    method: 'POST',
  });
}

export function useRunBackupNow() {
  return useInvalidatingMutation({
    mutationFn: runBackupNow,
    invalidates: () => [backupQueryKeys.all, jobQueryKeys.all],
  });
}
