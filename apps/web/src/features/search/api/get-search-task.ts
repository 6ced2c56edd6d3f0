import type { TSearchTask } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { searchIndexesQueryKeys } from './query-keys';

export function isTaskRunning(task: Pick<TSearchTask, 'status'> | null | undefined): boolean {
  return task?.status === 'enqueued' || task?.status === 'processing';
}

export function getSearchTask(uid: number, signal?: AbortSignal): Promise<TSearchTask> {
  return apiRequest<TSearchTask>(`/api/search/tasks/${uid}`, { signal });
}

/** One rebuild, followed live while it runs (see the search indexes screen). */
export function searchTaskQueryOptions(uid: number) {
  return queryOptions({
    queryKey: searchIndexesQueryKeys.task(uid),
    queryFn: ({ signal }) => getSearchTask(uid, signal),
    // The change stream says when it changed; this is only a safety net should the stream be
    // down (a proxy that buffers Server-Sent Events, say).
    refetchInterval: (query) => (isTaskRunning(query.state.data) ? 5_000 : false),
    staleTime: 0,
  });
}

/** The rebuild `uid` (none while null). */
export function useSearchTask(uid: number | null) {
  return useQuery({ ...searchTaskQueryOptions(uid ?? 0), enabled: uid !== null });
}
