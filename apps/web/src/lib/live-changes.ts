import type { TChangeEvent } from '@ops/contract';
import { useEffect, useEffectEvent } from 'react';

/** The change stream of apps/server (Server-Sent Events, cookie auth). */
export const changeStreamPath = '/api/changes/stream';

/**
 * What the change stream tells: a record changed (`{table, id, op}`), or changes may have been
 * missed (the server's database listener reconnected, or our own connection dropped and came
 * back): then everything shown from those tables should be fetched again.
 */
export type LiveChange = ({ type: 'change' } & TChangeEvent) | { type: 'reconnected' };

/** The parts of EventSource used here, so tests can pass a fake. */
export type ChangeEventSource = {
  readonly readyState: number;
  addEventListener(type: 'change' | 'reconnected', listener: (event: MessageEvent) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

export type ChangeSubscription = {
  tables: readonly string[];
  onChange: (change: LiveChange) => void;
  createEventSource?: (url: string) => ChangeEventSource;
  /** Delay before opening a stream the server refused again: grows from 1 s to 30 s. */
  retryDelayMs?: (attempt: number) => number;
};

const closedState = 2; // EventSource.CLOSED, which the Node test environment does not define

function defaultRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

export function changeStreamUrl(tables: readonly string[]): string {
  return `${changeStreamPath}?tables=${[...tables].sort().join(',')}`;
}

const changeOps: readonly string[] = ['insert', 'update', 'delete'] satisfies TChangeEvent['op'][];

/** The change in the contract's shape, or null (the operation is read in either case). */
function toChangeEvent(value: unknown): TChangeEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { table, id, op } = value as Record<string, unknown>;
  if (typeof table !== 'string' || typeof id !== 'string' || typeof op !== 'string') return null;
  const lower = op.toLowerCase();
  return changeOps.includes(lower) ? { table, id, op: lower as TChangeEvent['op'] } : null;
}

/**
 * Follows changes of `tables` on one EventSource. The browser reconnects a dropped connection
 * by itself; since changes made meanwhile were not sent, its return is reported as
 * 'reconnected'. A stream the server refused (401 after the session ended, a restart) is
 * opened again after a growing delay, and also reported as 'reconnected' once it is back.
 * Returns the unsubscribe function.
 */
export function subscribeToChanges({
  tables,
  onChange,
  createEventSource = (url) => new EventSource(url),
  retryDelayMs = defaultRetryDelayMs,
}: ChangeSubscription): () => void {
  const url = changeStreamUrl(tables);
  let source: ChangeEventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let hasBeenOpen = false;
  let isUnsubscribed = false;

  function open() {
    const current = createEventSource(url);
    source = current;
    current.onopen = () => {
      attempt = 0;
      if (hasBeenOpen && !isUnsubscribed) onChange({ type: 'reconnected' });
      hasBeenOpen = true;
    };
    current.addEventListener('change', (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return; // not ours to show; the next change or reconnection refreshes anyway
      }
      const change = toChangeEvent(data);
      if (change) onChange({ type: 'change', ...change });
    });
    current.addEventListener('reconnected', () => onChange({ type: 'reconnected' }));
    current.onerror = () => {
      // Still CONNECTING: EventSource is reconnecting by itself, and onopen reports its return.
      if (current.readyState !== closedState) return;
      current.close();
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

/**
 * Calls `onChange` for every change of a record of `tables` while the component is mounted
 * (one EventSource per use, closed on unmount), e.g. to invalidate the TanStack queries that
 * show those tables. On `{type: 'reconnected'}`, refetch everything that shows them.
 */
export function useLiveChanges(tables: readonly string[], onChange: (change: LiveChange) => void) {
  const onEvent = useEffectEvent(onChange);
  const key = [...tables].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    return subscribeToChanges({ tables: key.split(','), onChange: (change) => onEvent(change) });
  }, [key]);
}
