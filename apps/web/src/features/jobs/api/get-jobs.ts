import type { TJobRuns, TJobSchedules } from '@ops/contract/jobs';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { jobQueryKeys } from './query-keys';

export function getJobSchedules(signal?: AbortSignal): Promise<TJobSchedules> {
  return apiRequest<TJobSchedules>('/api/jobs/schedules', { signal });
}

export function getJobRuns(signal?: AbortSignal): Promise<TJobRuns> {
  return apiRequest<TJobRuns>('/api/jobs/runs', { signal });
}

export const jobSchedulesQueryOptions = queryOptions({
  queryKey: jobQueryKeys.of('schedules'),
  queryFn: ({ signal }) => getJobSchedules(signal),
});

export const jobRunsQueryOptions = queryOptions({
  queryKey: jobQueryKeys.of('runs'),
  queryFn: ({ signal }) => getJobRuns(signal),
});

/**
 * The schedules and the last runs, fetched again whenever the change feed reports a schedule or
 * a run (a run's progress is written at most once a second, so a running job moves live).
 */
export function useJobs() {
  const queryClient = useQueryClient();
  useLiveChanges(['job_schedules', 'job_runs'], () => {
    void queryClient.invalidateQueries({ queryKey: jobQueryKeys.all });
  });
  return {
    schedules: useQuery(jobSchedulesQueryOptions),
    runs: useQuery(jobRunsQueryOptions),
  };
}
