import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserStream } from './browser-stream';
import { subscribeToChanges, type LiveChange } from './live-changes';
import {
  expectReopenedAfter,
  expectStreamReleasedOnUnsubscribe,
  fakeEventSources,
} from './testing/fake-event-source';

/** A subscription on a tab of its own (no Web Locks: the tab holds its own connection). */
function subscribe(tables = ['search_tasks']) {
  const sources = fakeEventSources();
  const stream = createBrowserStream({ createEventSource: sources.create });
  const changes: LiveChange[] = [];
  const unsubscribe = subscribeToChanges({
    tables,
    onChange: (change) => changes.push(change),
    stream,
  });
  return { sources: sources.created, stream, changes, unsubscribe };
}

describe('subscribeToChanges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes on each change of the tables followed, and skips the rest and unreadable ones', () => {
    const { sources, changes } = subscribe(['users', 'search_tasks']);
    const source = sources[0];
    source?.open();
    source?.send('change', '{"table":"search_tasks","id":"7","op":"update"}');
    source?.send('change', '{"table":"members","id":"m1","op":"update"}');
    source?.send('change', '{broken');
    source?.send('change', '{"table":"search_tasks"}');
    source?.send('change', '{"table":"search_tasks","id":"7","op":"TRUNCATE"}');
    // Read in either case, passed on in the contract's (PostgreSQL's TG_OP is upper case).
    source?.send('change', '{"table":"users","id":"8","op":"INSERT"}');
    source?.send('operator', 'null');
    expect(changes).toEqual([
      { type: 'change', table: 'search_tasks', id: '7', op: 'update' },
      { type: 'change', table: 'users', id: '8', op: 'insert' },
    ]);
  });

  it('shares one connection among the subscriptions of a tab', () => {
    const { sources, stream, changes } = subscribe(['members']);
    const invoices: LiveChange[] = [];
    subscribeToChanges({ tables: ['invoices'], onChange: (c) => invoices.push(c), stream });
    expect(sources).toHaveLength(1);
    sources[0]?.send('change', '{"table":"invoices","id":"i1","op":"delete"}');
    expect(changes).toEqual([]);
    expect(invoices).toEqual([{ type: 'change', table: 'invoices', id: 'i1', op: 'delete' }]);
  });

  it("passes on the server's 'reconnected' event", () => {
    const { sources, changes } = subscribe();
    sources[0]?.open();
    sources[0]?.send('reconnected', '{}');
    expect(changes).toEqual([{ type: 'reconnected' }]);
  });

  it('reports reconnected when the browser brings a dropped connection back (not on the first open)', () => {
    const { sources, changes } = subscribe();
    sources[0]?.open();
    expect(changes).toEqual([]);
    sources[0]?.fail(0);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1); // EventSource reconnects by itself
    sources[0]?.open();
    expect(changes).toEqual([{ type: 'reconnected' }]);
  });

  it('opens a refused stream again after a growing delay, and reports its return', () => {
    const { sources, changes } = subscribe();
    sources[0]?.open();
    sources[0]?.fail(2);
    expect(sources[0]?.isClosed).toBe(true);
    expectReopenedAfter(sources, 1_000);
    sources[1]?.fail(2);
    expectReopenedAfter(sources, 2_000);
    sources[2]?.open();
    expect(changes).toEqual([{ type: 'reconnected' }]);
  });

  it('closes the stream and stops reopening it once the last subscription ends', () => {
    expectStreamReleasedOnUnsubscribe(() => subscribe());
  });
});
