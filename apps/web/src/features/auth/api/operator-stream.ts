import type { TOperatorRecord } from '@ops/contract';
import { openRetryingEventSource, type EventSourceLike } from '@/lib/event-stream';

export const operatorStreamUrl = '/api/operators/me/stream';

export type { EventSourceLike };

export type OperatorSubscription = {
  /** The signed-in user's operator record, or null when there is none; at once, then on change. */
  onRecord: (record: TOperatorRecord | null) => void;
  /** A broken connection or an unreadable message; the subscription goes on. */
  onError: (error: Error) => void;
  /**
   * The server refused or ended the stream for good (e.g. 401: the session ended). It is opened
   * again after a delay; meanwhile the caller checks whether the user is still signed in.
   */
  onClosed?: () => void;
  createEventSource?: (url: string) => EventSourceLike;
  /** Delay before opening a closed stream again: grows from 1 s to 30 s. */
  retryDelayMs?: (attempt: number) => number;
};

/**
 * Subscribes to the signed-in user's operator record (spec §7 "Realtime document subscription
 * on operators/{uid}"), pushed by the server as Server-Sent Events. EventSource reconnects by
 * itself after a dropped connection; a stream the server refused is opened again here.
 * Returns the unsubscribe function.
 */
export function subscribeToOperator({
  onRecord,
  onError,
  onClosed,
  createEventSource,
  retryDelayMs,
}: OperatorSubscription): () => void {
  return openRetryingEventSource({
    url: operatorStreamUrl,
    createEventSource,
    retryDelayMs,
    listen: (source, markHealthy) => {
      source.addEventListener('operator', (event) => {
        markHealthy();
        let record: TOperatorRecord | null;
        try {
          record = JSON.parse(event.data) as TOperatorRecord | null;
        } catch {
          onError(new Error('The operator status could not be read.'));
          return;
        }
        onRecord(record);
      });
    },
    onLost: () =>
      onError(new Error('The connection to the operator status was lost; reconnecting.')),
    onRefused: () => {
      onError(new Error('The operator status stream was refused.'));
      onClosed?.();
    },
  });
}
