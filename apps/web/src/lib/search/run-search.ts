// Moved from features/search/api: the palette and the shared member picker search through it.
import type { TSearchParams, TSearchResponse } from '@ops/contract';
import { forgetSearchParams, getSearchParams } from './search-params';
import { isRefusedKeyError, searchIndex, type SearchRequest } from './search-client';

export type RunSearchDeps = {
  getParams: () => Promise<TSearchParams>;
  forgetParams: (stale: TSearchParams) => void;
  search: typeof searchIndex;
};

const defaultDeps: RunSearchDeps = {
  getParams: getSearchParams,
  forgetParams: forgetSearchParams,
  search: searchIndex,
};

/**
 * Searches with the cached search parameters. When the service refuses the key (it expired
 * or the server's signing secret changed), the parameters are fetched anew and the search is
 * tried once more; a second refusal is a real error and is thrown.
 */
export async function runSearch(
  request: SearchRequest,
  signal?: AbortSignal,
  deps: RunSearchDeps = defaultDeps,
): Promise<TSearchResponse> {
  const params = await deps.getParams();
  signal?.throwIfAborted();
  try {
    return await deps.search(params, request, signal);
  } catch (error) {
    if (!isRefusedKeyError(error)) throw error;
    deps.forgetParams(params);
    const fresh = await deps.getParams();
    signal?.throwIfAborted();
    return deps.search(fresh, request, signal);
  }
}
