import type { TSearchIndexesResponse, TSearchTask } from '@ops/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// Not under ['search', …]: that prefix is the palette's, keyed by the typed text.
export const searchIndexesQueryKeys = {
  all: ['search-indexes'] as const,
  list: ['search-indexes', 'list'] as const,
  task: (uid: number) => ['search-indexes', 'task', uid] as const,
  test: (q: string) => ['search-indexes', 'test', q] as const,
};

export function isTaskRunning(task: Pick<TSearchTask, 'status'> | null | undefined): boolean {
  return task?.status === 'enqueued' || task?.status === 'processing';
}

/** Every index with its counts, last rebuild and running rebuild. */
export function searchIndexesQueryOptions() {
  return queryOptions({
    queryKey: searchIndexesQueryKeys.list,
    queryFn: ({ signal }) => apiRequest<TSearchIndexesResponse>('/api/search/indexes', { signal }),
  });
}

/** One rebuild, followed live while it runs (see the search indexes screen). */
export function searchTaskQueryOptions(uid: number) {
  return queryOptions({
    queryKey: searchIndexesQueryKeys.task(uid),
    queryFn: ({ signal }) => apiRequest<TSearchTask>(`/api/search/tasks/${uid}`, { signal }),
    // The change stream says when it changed; this is only a safety net should the stream be
    // down (a proxy that buffers Server-Sent Events, say).
    refetchInterval: (query) => (isTaskRunning(query.state.data) ? 5_000 : false),
    staleTime: 0,
  });
}

/** Asks for a rebuild; answers the new task, or the one already waiting or running. */
export function startRebuild(index: string): Promise<TSearchTask> {
  return apiRequest<TSearchTask>(`/api/search/indexes/${encodeURIComponent(index)}/rebuild`, {
    method: 'POST',
    body: {},
  });
}
