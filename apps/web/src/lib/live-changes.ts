import type { TChangeEvent } from '@ops/contract';
import { useEffect, useEffectEvent } from 'react';
import { openRetryingEventSource, type EventSourceLike } from './event-stream';

/** The change stream of apps/server (Server-Sent Events, cookie auth). */
export const changeStreamPath = '/api/changes/stream';

/**
 * What the change stream tells: a record changed (`{table, id, op}`), or changes may have been
 * missed (the server's database listener reconnected, or our own connection dropped and came
 * back): then everything shown from those tables should be fetched again.
 */
export type LiveChange = ({ type: 'change' } & TChangeEvent) | { type: 'reconnected' };

/** The parts of EventSource used here, so tests can pass a fake. */
export type ChangeEventSource = EventSourceLike;

export type ChangeSubscription = {
  tables: readonly string[];
  onChange: (change: LiveChange) => void;
  createEventSource?: (url: string) => ChangeEventSource;
  /** Delay before opening a stream the server refused again: grows from 1 s to 30 s. */
  retryDelayMs?: (attempt: number) => number;
};

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
  createEventSource,
  retryDelayMs,
}: ChangeSubscription): () => void {
  let hasBeenOpen = false;
  let isUnsubscribed = false;
  const close = openRetryingEventSource({
    url: changeStreamUrl(tables),
    createEventSource,
    retryDelayMs,
    listen: (source, markHealthy) => {
      source.onopen = () => {
        markHealthy();
        if (hasBeenOpen && !isUnsubscribed) onChange({ type: 'reconnected' });
        hasBeenOpen = true;
      };
      source.addEventListener('change', (event) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return; // not ours to show; the next change or reconnection refreshes anyway
        }
        const change = toChangeEvent(data);
        if (change) onChange({ type: 'change', ...change });
      });
      source.addEventListener('reconnected', () => onChange({ type: 'reconnected' }));
    },
  });
  return () => {
    isUnsubscribed = true;
    close();
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
