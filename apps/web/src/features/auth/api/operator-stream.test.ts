import type { TOperatorRecord } from '@ops/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorStreamUrl, subscribeToOperator, type EventSourceLike } from './operator-stream';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];

  constructor(readonly url: string) {}

  addEventListener(_type: 'operator', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }

  close() {
    this.isClosed = true;
    this.readyState = 2;
  }

  /** The server sends `event: operator` with this data. */
  send(data: string) {
    this.readyState = 1;
    for (const listener of this.listeners) listener({ data } as MessageEvent<string>);
  }

  /** A failure; readyState 0 = EventSource reconnects by itself, 2 = it gave up. */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

const record: TOperatorRecord = {
  uid: 'u1',
  roles: ['admin'],
  active: true,
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function subscribe() {
  const sources: FakeEventSource[] = [];
  const onRecord = vi.fn();
  const onError = vi.fn();
  const onClosed = vi.fn();
  const unsubscribe = subscribeToOperator({
    onRecord,
    onError,
    onClosed,
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
  });
  return { sources, onRecord, onError, onClosed, unsubscribe };
}

describe('subscribeToOperator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream and passes on each record, null when there is none', () => {
    const { sources, onRecord } = subscribe();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe(operatorStreamUrl);
    sources[0]?.send(JSON.stringify(record));
    sources[0]?.send('null');
    expect(onRecord.mock.calls).toEqual([[record], [null]]);
  });

  it('stores an unreadable message as an error and goes on', () => {
    const { sources, onRecord, onError } = subscribe();
    sources[0]?.send('{not json');
    expect(onError).toHaveBeenCalledWith(expect.any(Error));
    sources[0]?.send('null');
    expect(onRecord).toHaveBeenCalledWith(null);
  });

  it('reports a dropped connection and leaves reconnecting to EventSource', () => {
    const { sources, onError, onClosed } = subscribe();
    sources[0]?.fail(0);
    expect(onError).toHaveBeenCalledOnce();
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });

  it('opens a refused stream again after a growing delay, and says it was closed', () => {
    const { sources, onClosed } = subscribe();
    sources[0]?.fail(2);
    expect(onClosed).toHaveBeenCalledOnce();
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
