import { expect, vi } from 'vitest';
import type { EventSourceLike } from '../event-stream';

/**
 * An EventSource the test drives: `open()`, `send(type, data)` as the server would, `fail()` as
 * the network or a refusing server would. `created` lists every one made, in order.
 */
export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
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
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data } as MessageEvent<string>);
    }
  }

  /** A failure; readyState 0 = EventSource reconnects by itself, 2 = it gave up. */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

/** A factory for `createEventSource` that keeps what it made. */
export function fakeEventSources() {
  const created: FakeEventSource[] = [];
  return {
    created,
    /** The newest one (the stream's current connection). */
    get latest(): FakeEventSource {
      const source = created.at(-1);
      if (!source) throw new Error('No EventSource was opened');
      return source;
    },
    create: (url: string) => {
      const source = new FakeEventSource(url);
      created.push(source);
      return source;
    },
  };
}

/**
 * What every subscriber of the browser stream must do when it unsubscribes (live changes, the
 * operator's record): its failing connection is not reopened any more, and a subscription that
 * ends at once closes its connection. `subscribe` makes a subscription on a tab of its own.
 */
export function expectStreamReleasedOnUnsubscribe(
  subscribe: () => { sources: readonly FakeEventSource[]; unsubscribe: () => void },
) {
  const { sources, unsubscribe } = subscribe();
  sources[0]?.fail(2);
  unsubscribe();
  vi.advanceTimersByTime(60_000);
  expect(sources).toHaveLength(1);

  const second = subscribe();
  second.unsubscribe();
  expect(second.sources[0]?.isClosed).toBe(true);
}

/**
 * That a closed connection is opened again `delayMs` after it closed, not a millisecond sooner:
 * the stream's back-off, which every subscriber's tests check at each step.
 */
export function expectReopenedAfter(sources: readonly FakeEventSource[], delayMs: number) {
  const count = sources.length;
  vi.advanceTimersByTime(delayMs - 1);
  expect(sources).toHaveLength(count);
  vi.advanceTimersByTime(1);
  expect(sources).toHaveLength(count + 1);
}
