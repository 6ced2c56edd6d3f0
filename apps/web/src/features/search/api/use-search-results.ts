import type { TSearchHit, TSearchResponse } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { paletteHitLimit, searchDebounceMs } from '../utils/constants';
import { normalizeQuery } from '../utils/hits';
import { searchQueryKeys } from './query-keys';
import { runSearch } from './run-search';

/** An answer, with the query it answers (the cache key's, whatever the service echoes). */
export type SearchAnswer = { q: string; response: TSearchResponse };

/** The palette's search for `q` (already normalized). */
export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchQueryKeys.query(q),
    // Reading `signal` lets TanStack Query abort the request once nobody waits for it (the
    // person typed on): stale requests are cancelled, and each answer lands under its own key.
    queryFn: async ({ signal }): Promise<SearchAnswer> => ({
      q,
      response: await runSearch({ q, limit: paletteHitLimit }, signal),
    }),
    enabled: q !== '',
    // Going back to a query typed a moment ago shows its answer at once, then refreshes it.
    staleTime: 10_000,
    // A new keystroke is a better retry than a repeated request; runSearch already retries a
    // refused key once.
    retry: false,
  });
}

export type SearchResults = {
  /** The query being searched: the typed text, normalized and debounced. */
  q: string;
  /** The hits on screen: the answer to `q`, or to an earlier query while `q` is on its way. */
  hits: TSearchHit[];
  /** The query whose answer `hits` are ('' when nothing is shown). */
  answeredQuery: string;
  /** True once the answer to `q` itself arrived (not an earlier one kept on screen). */
  isAnswered: boolean;
  isFetching: boolean;
  error: Error | null;
};

const noHits: TSearchHit[] = [];

/**
 * The palette's results for the typed text. Empty text asks nothing and shows nothing; while
 * the answer to new text is on its way, the previous answer stays (keepPreviousData), so the
 * list does not flash empty between keystrokes.
 */
export function useSearchResults(text: string): SearchResults {
  const normalized = normalizeQuery(text);
  const debounced = useDebouncedValue(normalized, searchDebounceMs);
  // Clearing the field clears the list at once, without waiting for the debounce.
  const q = normalized === '' ? '' : debounced;
  const query = useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });

  if (q === '') {
    return {
      q,
      hits: noHits,
      answeredQuery: '',
      isAnswered: false,
      isFetching: false,
      error: null,
    };
  }
  const answer = query.data;
  return {
    q,
    hits: answer?.response.hits ?? noHits,
    answeredQuery: answer?.q ?? '',
    isAnswered: answer !== undefined && !query.isPlaceholderData && answer.q === q,
    isFetching: query.isFetching,
    error: query.error,
  };
}
