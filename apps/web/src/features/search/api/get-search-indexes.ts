import type { TSearchIndexesResponse } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { searchIndexesQueryKeys } from './query-keys';

export function getSearchIndexes(signal?: AbortSignal): Promise<TSearchIndexesResponse> {
  return apiRequest<TSearchIndexesResponse>('/api/search/indexes', { signal });
}

/** Every index with its counts, last rebuild and running rebuild. */
export function searchIndexesQueryOptions() {
  return queryOptions({
    queryKey: searchIndexesQueryKeys.list,
    queryFn: ({ signal }) => getSearchIndexes(signal),
  });
}

export function useSearchIndexes() {
  return useQuery(searchIndexesQueryOptions());
}
