/** The parts of EventSource the streams use, so tests can pass a fake. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onopen?: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

export type RetryingEventSource = {
  url: string;
  /**
   * Attaches the listeners of each new connection. `markHealthy` says the stream works again,
   * so the next refusal waits the shortest delay.
   */
  listen: (source: EventSourceLike, markHealthy: () => void) => void;
  /** The connection dropped; the browser reconnects by itself. */
  onLost?: () => void;
  /** The server refused or ended the stream (e.g. 401); it is opened again after a delay. */
  onRefused?: () => void;
  createEventSource?: (url: string) => EventSourceLike;
  /** Delay before opening a refused stream again: grows from 1 s to 30 s. */
  retryDelayMs?: (attempt: number) => number;
};

const closedState = 2; // EventSource.CLOSED, which the Node test environment does not define

function defaultRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

export type RetryingEventSourceHandle = {
  /** Closes the stream for good. */
  close(): void;
  /** Closes the connection and opens a new one now (e.g. another user signed in). */
  reopen(): void;
  /**
   * A refused stream waiting for its next attempt is opened now (someone new is waiting for it,
   * e.g. a tab whose session has just begun); otherwise nothing happens.
   */
  retryNow(): void;
};

/**
 * An EventSource that is never given up on. EventSource reconnects a dropped connection by
 * itself but stays closed once the server refuses it (a 401 after the session ended, a restart
 * answering 503); such a stream is opened again here, after a delay that grows while it keeps
 * failing.
 */
export function openRetryingEventSource({
  url,
  listen,
  onLost,
  onRefused,
  createEventSource = (address) => new EventSource(address),
  retryDelayMs = defaultRetryDelayMs,
}: RetryingEventSource): RetryingEventSourceHandle {
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let isClosed = false;

  function open() {
    retryTimer = undefined;
    const current = createEventSource(url);
    source = current;
    listen(current, () => {
      attempt = 0;
    });
    current.onerror = () => {
      if (current !== source) return; // an error of a connection replaced by reopen()
      if (current.readyState !== closedState) {
        onLost?.();
        return;
      }
      current.close();
      onRefused?.();
      if (isClosed) return;
      retryTimer = setTimeout(open, retryDelayMs(attempt));
      attempt += 1;
    };
  }

  open();
  return {
    close() {
      isClosed = true;
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    },
    reopen() {
      if (isClosed) return;
      clearTimeout(retryTimer);
      source?.close();
      open();
    },
    retryNow() {
      if (isClosed || retryTimer === undefined) return;
      clearTimeout(retryTimer);
      open();
    },
  };
}
