import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paletteHitLimit } from '../utils/constants';
import { searchIndexesQueryKeys } from './query-keys';
import { runSearch } from './run-search';

/** The palette's search for `q` (normalized), with the ranking details of each hit. */
export function testSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchIndexesQueryKeys.test(q),
    queryFn: ({ signal }) =>
      runSearch(
        { q, limit: paletteHitLimit, showRankingScore: true, showRankingScoreDetails: true },
        signal,
      ),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

export function useTestSearch(q: string) {
  return useQuery(testSearchQueryOptions(q));
}
