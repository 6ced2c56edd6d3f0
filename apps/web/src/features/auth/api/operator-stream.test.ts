import { eventStreamPath, type TOperatorRecord } from '@ops/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserStream } from '@/lib/browser-stream';
import {
  expectReopenedAfter,
  expectStreamReleasedOnUnsubscribe,
  fakeEventSources,
} from '@/lib/testing/fake-event-source';
import { subscribeToOperator } from './operator-stream';

const record: TOperatorRecord = {
  uid: 'u1',
  roles: ['admin'],
  active: true,
  updatedAt: '2026-11-22T10:00:00.000Z',
};

/** A subscription on a tab of its own (no Web Locks: the tab holds its own connection). */
function subscribe() {
  const sources = fakeEventSources();
  const stream = createBrowserStream({ createEventSource: sources.create });
  const onRecord = vi.fn();
  const onError = vi.fn();
  const onClosed = vi.fn();
  const unsubscribe = subscribeToOperator({ onRecord, onError, onClosed, stream });
  return { sources: sources.created, stream, onRecord, onError, onClosed, unsubscribe };
}

describe('subscribeToOperator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the event stream and passes on each record, null when there is none', () => {
    const { sources, onRecord } = subscribe();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe(eventStreamPath);
    sources[0]?.open();
    sources[0]?.send('operator', JSON.stringify(record));
    sources[0]?.send('change', '{"table":"members","id":"m1","op":"update"}');
    sources[0]?.send('operator', 'null');
    expect(onRecord.mock.calls).toEqual([[record], [null]]);
  });

  it('gives a second subscriber of the tab the known record at once, without a new connection', () => {
    const { sources, stream } = subscribe();
    sources[0]?.send('operator', JSON.stringify(record));
    const onRecord = vi.fn();
    subscribeToOperator({ onRecord, onError: vi.fn(), stream });
    expect(onRecord.mock.calls).toEqual([[record]]);
    expect(sources).toHaveLength(1);
  });

  it('stores an unreadable message as an error and goes on', () => {
    const { sources, onRecord, onError } = subscribe();
    sources[0]?.send('operator', '{not json');
    expect(onError).toHaveBeenCalledWith(expect.any(Error));
    sources[0]?.send('operator', 'null');
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
    expectReopenedAfter(sources, 1_000);
    sources[1]?.fail(2);
    expect(onClosed).toHaveBeenCalledTimes(2);
    expectReopenedAfter(sources, 2_000);
  });

  it('closes the stream and stops reopening it once unsubscribed', () => {
    expectStreamReleasedOnUnsubscribe(() => subscribe());
  });

  it('opens a new connection when another user signs in, and forgets the previous record', () => {
    const { sources, stream } = subscribe();
    sources[0]?.send('operator', JSON.stringify(record));
    stream.reopen();
    expect(sources[0]?.isClosed).toBe(true);
    expect(sources).toHaveLength(2);
    const onRecord = vi.fn();
    subscribeToOperator({ onRecord, onError: vi.fn(), stream });
    expect(onRecord).not.toHaveBeenCalled();
  });
});
