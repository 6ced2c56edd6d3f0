import type { Notifications } from '../db/notifications';

/** The channel the notify_change() triggers write to. */
export const changesChannel = 'changes';

/**
 * One changed row, as the triggers announce it: which table, which record, what happened. `id`
 * is '*' when one statement changed more than 100 rows (refetch the table).
 */
export type ChangeEvent = { table: string; id: string; op: 'insert' | 'update' | 'delete' };

export function subscribeToChanges(
  notifications: Notifications,
  listener: (change: ChangeEvent) => void,
): () => void {
  return notifications.subscribe(changesChannel, (payload) => {
    const change = JSON.parse(payload) as ChangeEvent;
    listener(change);
  });
}
