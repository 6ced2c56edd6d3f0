import type { TOperatorRecord } from '@ops/contract';
import { browserStream, type BrowserStream } from '@/lib/browser-stream';

export type OperatorSubscription = {
  /** The signed-in user's operator record, or null when there is none; at once, then on change. */
  onRecord: (record: TOperatorRecord | null) => void;
  /** A broken connection or an unreadable message; the subscription goes on. */
  onError: (error: Error) => void;
  /**
   * The server refused or ended the stream for good (e.g. 401: the session ended). It is opened
   * again after a delay; meanwhile the caller checks whether the user is still signed in. Called
   * in every tab, whichever tab holds the connection.
   */
  onClosed?: () => void;
  /** The browser's one event stream (tests pass their own). */
  stream?: BrowserStream;
};

/**
 * Subscribes to the signed-in user's operator record (spec §7 "Realtime document subscription
 * on operators/{uid}"), pushed by the server as `event: operator` on the browser's one event
 * stream (lib/browser-stream.ts), which a new tab joins with the record already known.
 * Returns the unsubscribe function.
 */
export function subscribeToOperator({
  onRecord,
  onError,
  onClosed,
  stream = browserStream(),
}: OperatorSubscription): () => void {
  return stream.subscribe((event) => {
    switch (event.type) {
      case 'operator': {
        let record: TOperatorRecord | null;
        try {
          record = JSON.parse(event.data) as TOperatorRecord | null;
        } catch {
          onError(new Error('The operator status could not be read.'));
          return;
        }
        onRecord(record);
        return;
      }
      case 'lost':
        onError(new Error('The connection to the operator status was lost; reconnecting.'));
        return;
      case 'refused':
        onError(new Error('The operator status stream was refused.'));
        onClosed?.();
        return;
    }
  });
}

/**
 * Another user signed in in this tab: the browser's stream still speaks for the previous
 * session until it notices, so it is opened again at once (in whichever tab holds it).
 */
export function followNewSignedInUser(stream: BrowserStream = browserStream()): void {
  stream.reopen();
}
