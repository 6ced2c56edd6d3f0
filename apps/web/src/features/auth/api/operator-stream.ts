import type { TOperatorRecord } from '@ops/contract';

export const operatorStreamUrl = '/api/operators/me/stream';

/** The parts of EventSource used here, so tests can pass a fake. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: 'operator', listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

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

const closedState = 2; // EventSource.CLOSED, which the Node test environment does not define

function defaultRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

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
  createEventSource = (url) => new EventSource(url),
  retryDelayMs = defaultRetryDelayMs,
}: OperatorSubscription): () => void {
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let isUnsubscribed = false;

  function open() {
    const current = createEventSource(operatorStreamUrl);
    source = current;
    current.addEventListener('operator', (event) => {
      attempt = 0;
      let record: TOperatorRecord | null;
      try {
        record = JSON.parse(event.data) as TOperatorRecord | null;
      } catch {
        onError(new Error('The operator status could not be read.'));
        return;
      }
      onRecord(record);
    });
    current.onerror = () => {
      if (current.readyState !== closedState) {
        onError(new Error('The connection to the operator status was lost; reconnecting.'));
        return;
      }
      current.close();
      onError(new Error('The operator status stream was refused.'));
      onClosed?.();
      if (isUnsubscribed) return;
      retryTimer = setTimeout(open, retryDelayMs(attempt));
      attempt += 1;
    };
  }

  open();
  return () => {
    isUnsubscribed = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
