import type { TJobRun } from '@ops/contract/jobs';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { jobQueryKeys } from './query-keys';

export function runJobNow(name: string): Promise<TJobRun> {
  return apiRequest<TJobRun>(`/api/jobs/schedules/${encodeURIComponent(name)}/run`, {
    method: 'POST',
  });
}

/** Run now (admin): queues a manual run; the runs list shows it at once. */
export function useRunJobNow() {
  return useInvalidatingMutation({
    mutationFn: runJobNow,
    invalidates: () => [jobQueryKeys.all],
  });
}
