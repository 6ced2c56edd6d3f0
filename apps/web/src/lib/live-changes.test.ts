import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changeStreamUrl,
  subscribeToChanges,
  type ChangeEventSource,
  type LiveChange,
} from './live-changes';

class FakeEventSource implements ChangeEventSource {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.isClosed = true;
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends `event: {type}` with `data`. */
  send(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent);
  }

  /** A failure; readyState 0 = EventSource reconnects by itself, 2 = it gave up. */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function subscribe(tables = ['search_tasks']) {
  const sources: FakeEventSource[] = [];
  const changes: LiveChange[] = [];
  const unsubscribe = subscribeToChanges({
    tables,
    onChange: (change) => changes.push(change),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
  });
  return { sources, changes, unsubscribe };
}

describe('subscribeToChanges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one stream for the tables, named in a stable order', () => {
    const { sources } = subscribe(['users', 'search_tasks']);
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/changes/stream?tables=search_tasks,users');
    expect(changeStreamUrl(['b', 'a'])).toBe(changeStreamUrl(['a', 'b']));
  });

  it('passes on each change, and skips unreadable ones', () => {
    const { sources, changes } = subscribe();
    const source = sources[0];
    source?.open();
    source?.send('change', '{"table":"search_tasks","id":"7","op":"update"}');
    source?.send('change', '{broken');
    source?.send('change', '{"table":"search_tasks"}');
    source?.send('change', '{"table":"search_tasks","id":"7","op":"TRUNCATE"}');
    // Read in either case, passed on in the contract's (PostgreSQL's TG_OP is upper case).
    source?.send('change', '{"table":"search_tasks","id":"8","op":"INSERT"}');
    expect(changes).toEqual([
      { type: 'change', table: 'search_tasks', id: '7', op: 'update' },
      { type: 'change', table: 'search_tasks', id: '8', op: 'insert' },
    ]);
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
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]?.fail(2);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    sources[2]?.open();
    expect(changes).toEqual([{ type: 'reconnected' }]);
  });

  it('closes the stream and stops reopening it once unsubscribed', () => {
    const { sources, unsubscribe } = subscribe();
    sources[0]?.fail(2);
    unsubscribe();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);

    const second = subscribe();
    second.unsubscribe();
    expect(second.sources[0]?.isClosed).toBe(true);
  });
});
