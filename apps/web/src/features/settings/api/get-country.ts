import type { TCountry } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { countryQueryKeys } from './query-keys';

export const countryPath = (iso2: string) => `/api/countries/${encodeURIComponent(iso2)}`;

export function getCountry(iso2: string, signal?: AbortSignal): Promise<TCountry> {
  return apiRequest<TCountry>(countryPath(iso2), { signal });
}

export function countryQueryOptions(iso2: string) {
  return queryOptions({
    queryKey: countryQueryKeys.detail(iso2),
    queryFn: ({ signal }) => getCountry(iso2, signal),
  });
}

/** One country, refetched when it (or its association member) changes anywhere. */
export function useCountry(iso2: string) {
  useRecordFollowsChanges({
    table: 'countries',
    id: iso2,
    queryKey: countryQueryKeys.detail(iso2),
    relatedTables: ['members'],
  });
  return useQuery(countryQueryOptions(iso2));
}
