import type { TJobSchedule } from '@ops/contract/jobs';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { jobQueryKeys } from './query-keys';

export type SchedulePause = { name: string; paused: boolean };

export function setSchedulePaused({ name, paused }: SchedulePause): Promise<TJobSchedule> {
  return apiRequest<TJobSchedule>(`/api/jobs/schedules/${encodeURIComponent(name)}/paused`, {
    method: 'PUT',
    body: { paused },
  });
}

/** Pause or resume a schedule (admin). */
export function useSetSchedulePaused() {
  return useInvalidatingMutation({
    mutationFn: setSchedulePaused,
    invalidates: () => [jobQueryKeys.all],
  });
}
