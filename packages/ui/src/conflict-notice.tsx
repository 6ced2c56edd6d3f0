import { Button } from './button';
import { isApiError } from '@ops/ui/api-client';

/** Whether an error is the 409 of optimistic concurrency: someone changed the record meanwhile. */
export function isVersionConflict(error: unknown): boolean {
  return isApiError(error, 'aborted') && error.status === 409;
}

export type ConflictNoticeProps = {
  /** The server's 409 message ("… was changed by … at … since you opened it. …"). */
  message: string;
  /** Fetches the current record (and resets the form to it). */
  onReload: () => void;
  isReloading?: boolean;
};

/**
 * Tells the person their change was not saved because someone else changed the record since
 * they opened it, and offers to reload it: nothing is overwritten silently.
 */
export function ConflictNotice({ message, onReload, isReloading = false }: ConflictNoticeProps) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">Not saved: the record changed meanwhile</p>
      <p className="break-words">{message}</p>
      <div>
        <Button variant="secondary" isBusy={isReloading} onClick={onReload}>
          {isReloading ? 'Reloading…' : 'Reload'}
        </Button>
      </div>
    </div>
  );
}
