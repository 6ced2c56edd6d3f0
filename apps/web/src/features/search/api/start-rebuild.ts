import type { TSearchTask } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { searchIndexesQueryKeys } from './query-keys';

/** Asks for a rebuild; answers the new task, or the one already waiting or running. */
export function startRebuild(index: string): Promise<TSearchTask> {
  return apiRequest<TSearchTask>(`/api/search/indexes/${encodeURIComponent(index)}/rebuild`, {
    method: 'POST',
    body: {},
  });
}

/** Starts a rebuild of `index`; `onStarted` hears the task, which is then followed live. */
export function useStartRebuild(index: string, onStarted: (task: TSearchTask) => void) {
  return useInvalidatingMutation({
    mutationFn: () => startRebuild(index),
    sets: (task) => [[searchIndexesQueryKeys.task(task.uid), task]],
    onSuccess: (task) => onStarted(task),
    // Even a failed answer may come after the task was queued: the stats would show it.
    invalidatesAfterError: () => [searchIndexesQueryKeys.list],
  });
}
