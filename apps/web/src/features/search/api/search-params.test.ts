import type { TSearchParams } from '@ops/contract';
import { describe, expect, it, vi } from 'vitest';
import { createSearchParamsStore, searchParamsRefreshMarginMs } from './search-params';

const t0 = Date.parse('2026-11-22T10:00:00.000Z');

function params(key: string, expiresInMs = 3_600_000): TSearchParams {
  return {
    host: 'http://localhost',
    apiKey: key,
    index: 'ops',
    expiresAt: new Date(t0 + expiresInMs).toISOString(),
  };
}

/** A store whose `searchParams` call answers key-1, key-2, … and whose clock the test sets. */
function storeWithCounter() {
  let clock = t0;
  let count = 0;
  const fetchParams = vi.fn(async () => params(`key-${++count}`));
  const store = createSearchParamsStore({ fetchParams, now: () => clock });
  return { store, fetchParams, setClock: (ms: number) => (clock = ms) };
}

describe('createSearchParamsStore', () => {
  it('calls searchParams once and then answers from the cache (spec §7)', async () => {
    const { store, fetchParams } = storeWithCounter();
    expect((await store.get()).apiKey).toBe('key-1');
    expect((await store.get()).apiKey).toBe('key-1');
    expect(fetchParams).toHaveBeenCalledOnce();
  });

  it('shares one request between concurrent callers', async () => {
    const { store, fetchParams } = storeWithCounter();
    const [a, b] = await Promise.all([store.get(), store.get()]);
    expect(a).toBe(b);
    expect(fetchParams).toHaveBeenCalledOnce();
  });

  it('fetches new parameters once the key expires within 60 s', async () => {
    const { store, fetchParams, setClock } = storeWithCounter();
    await store.get(); // expires at t0 + 1 h
    setClock(t0 + 3_600_000 - searchParamsRefreshMarginMs - 1);
    expect((await store.get()).apiKey).toBe('key-1');
    setClock(t0 + 3_600_000 - searchParamsRefreshMarginMs);
    expect((await store.get()).apiKey).toBe('key-2');
    expect(fetchParams).toHaveBeenCalledTimes(2);
  });

  it('keeps parameters whose expiry cannot be read', async () => {
    const fetchParams = vi.fn(async () => ({ ...params('k'), expiresAt: 'never' }));
    const store = createSearchParamsStore({ fetchParams, now: () => t0 });
    await store.get();
    await store.get();
    expect(fetchParams).toHaveBeenCalledOnce();
  });

  it('forgets the cached parameters, so the next caller gets new ones', async () => {
    const { store } = storeWithCounter();
    const first = await store.get();
    store.forget(first);
    expect((await store.get()).apiKey).toBe('key-2');
  });

  it('does not forget fresh parameters because of a caller holding stale ones', async () => {
    const { store, fetchParams } = storeWithCounter();
    const first = await store.get();
    store.forget(first);
    const second = await store.get();
    store.forget(first); // a second search that also failed with key-1
    expect(await store.get()).toBe(second);
    expect(fetchParams).toHaveBeenCalledTimes(2);
  });

  it('forget() without arguments drops everything, even a request in flight', async () => {
    const { store } = storeWithCounter();
    const pending = store.get();
    store.forget();
    expect((await pending).apiKey).toBe('key-1'); // its caller still gets an answer
    expect((await store.get()).apiKey).toBe('key-2');
  });

  it('does not cache a failure: the next call asks again', async () => {
    const fetchParams = vi
      .fn<() => Promise<TSearchParams>>()
      .mockRejectedValueOnce(new Error('unavailable'))
      .mockResolvedValueOnce(params('k'));
    const store = createSearchParamsStore({ fetchParams, now: () => t0 });
    await expect(store.get()).rejects.toThrow('unavailable');
    expect((await store.get()).apiKey).toBe('k');
  });
});
