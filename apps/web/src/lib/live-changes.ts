import type { TChangeEvent } from '@ops/contract';
import { useEffect, useEffectEvent } from 'react';
import { browserStream, type BrowserStream } from './browser-stream';

/**
 * What the change feed tells: a record changed (`{table, id, op}`), or changes may have been
 * missed (the server's database listener reconnected, the connection dropped and came back,
 * another tab took the stream over, or the page came back from the back/forward cache): then
 * everything shown from those tables should be fetched again.
 */
export type LiveChange = ({ type: 'change' } & TChangeEvent) | { type: 'reconnected' };

export type ChangeSubscription = {
  tables: readonly string[];
  onChange: (change: LiveChange) => void;
  /** The browser's one event stream (tests pass their own). */
  stream?: BrowserStream;
};

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
 * Follows changes of `tables` on the browser's one event stream (lib/browser-stream.ts), which
 * carries the changes of every table: the others are skipped here. Returns the unsubscribe
 * function.
 */
export function subscribeToChanges({
  tables,
  onChange,
  stream = browserStream(),
}: ChangeSubscription): () => void {
  const followed = new Set(tables);
  return stream.subscribe((event) => {
    if (event.type === 'reconnected') {
      onChange({ type: 'reconnected' });
      return;
    }
    if (event.type !== 'change') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return; // not ours to show; the next change or reconnection refreshes anyway
    }
    const change = toChangeEvent(data);
    if (change && followed.has(change.table)) onChange({ type: 'change', ...change });
  });
}

/**
 * Calls `onChange` for every change of a record of `tables` while the component is mounted
 * (all uses share the browser's one connection), e.g. to invalidate the TanStack queries that
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
