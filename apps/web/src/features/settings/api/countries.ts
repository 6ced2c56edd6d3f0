import type { TCountry, TCountryUpdate, TMemberListItem, TMembersListPage } from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditQueryKeys, useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** Query keys under the countries list's root, so a list refresh reaches the detail too. */
export const countryQueryKeys = {
  all: ['countries'] as const,
  detail: (iso2: string) => ['countries', 'detail', iso2] as const,
  associations: (iso2: string, q: string) => ['countries', 'associations', iso2, q] as const,
};

export function countryQueryOptions(iso2: string) {
  return queryOptions({
    queryKey: countryQueryKeys.detail(iso2),
    queryFn: ({ signal }) =>
      apiRequest<TCountry>(`/api/countries/${encodeURIComponent(iso2)}`, { signal }),
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

export function useUpdateCountry(iso2: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCountryUpdate) =>
      apiRequest<TCountry>(`/api/countries/${encodeURIComponent(iso2)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: (country) => {
      queryClient.setQueryData(countryQueryKeys.detail(iso2), country);
      void queryClient.invalidateQueries({ queryKey: countryQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('countries', iso2) });
    },
  });
}

/**
 * Active association members of a country, for the national association picker: the members
 * list filtered by category, country and status, searched by name or number.
 */
export function useAssociationCandidates(iso2: string, q: string) {
  return useQuery({
    queryKey: countryQueryKeys.associations(iso2, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        category: 'association',
        country: iso2,
        status: 'active',
        sort: 'legalName',
        limit: '20',
      });
      if (q.trim() !== '') params.set('q', q.trim());
      return apiRequest<TMembersListPage>(`/api/members?${params.toString()}`, { signal }).then(
        (page): TMemberListItem[] => page.data,
      );
    },
    placeholderData: (previous) => previous,
  });
}
