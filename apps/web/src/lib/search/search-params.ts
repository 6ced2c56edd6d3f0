import { clock } from '../clock';
import type { TSearchParams } from '@ops/contract';
import { callFunction } from '@/lib/callable';

export type { TSearchParams };

/** Fetch new parameters when the cached key expires within this margin (a search in flight). */
export const searchParamsRefreshMarginMs = 60_000;

export type SearchParamsStore = {
  /** The cached parameters, or new ones when none are cached or the key is about to expire. */
  get(): Promise<TSearchParams>;
  /**
   * Drops the cached parameters (the search service said the key is invalid). With `stale`,
   * only if those are still the cached ones: a caller holding old parameters must not throw
   * away the fresh ones another caller just fetched.
   */
  forget(stale?: TSearchParams): void;
};

export type SearchParamsStoreOptions = {
  fetchParams?: () => Promise<TSearchParams>;
  now?: () => number;
};

/**
 * Spec §7: the `searchParams` function's answer is cached after the first call. Our keys
 * expire, so the cache is refreshed shortly before `expiresAt`. Concurrent callers share one
 * request; a failed request is not cached.
 */
export function createSearchParamsStore({
  fetchParams = () => callFunction<TSearchParams>('searchParams', {}),
  now = () => clock.nowMs(),
}: SearchParamsStoreOptions = {}): SearchParamsStore {
  let cached: TSearchParams | null = null;
  let inFlight: Promise<TSearchParams> | null = null;
  // Bumped by forget(), so that a request started before it does not fill the cache after it.
  let generation = 0;

  function isFresh(params: TSearchParams): boolean {
    const expiresAt = Date.parse(params.expiresAt);
    // A key without a readable expiry is kept, as the spec caches the answer for good.
    return Number.isNaN(expiresAt) || expiresAt - now() > searchParamsRefreshMarginMs;
  }

  return {
    get() {
      if (cached && isFresh(cached)) return Promise.resolve(cached);
      if (inFlight) return inFlight;
      const startedIn = generation;
      const request = fetchParams().then(
        (params) => {
          if (startedIn === generation) {
            cached = params;
            inFlight = null;
          }
          return params;
        },
        (error: unknown) => {
          if (startedIn === generation) inFlight = null;
          throw error;
        },
      );
      inFlight = request;
      return request;
    },
    forget(stale) {
      if (stale && cached !== stale) return;
      cached = null;
      inFlight = null;
      generation += 1;
    },
  };
}

const store = createSearchParamsStore();

/** Where to search and with which key (spec §7 `searchParams`), cached for the whole app. */
export function getSearchParams(): Promise<TSearchParams> {
  return store.get();
}

/** Drops the cached search parameters; see SearchParamsStore.forget. */
export function forgetSearchParams(stale?: TSearchParams): void {
  store.forget(stale);
}
