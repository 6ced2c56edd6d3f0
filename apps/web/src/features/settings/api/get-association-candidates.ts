import type { TMemberListItem, TMembersListPage } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { countryQueryKeys } from './query-keys';

/**
 * Active association members of a country: the members list filtered by category, country and
 * status, searched by name or number.
 */
export function getAssociationCandidates(
  iso2: string,
  q: string,
  signal?: AbortSignal,
): Promise<TMemberListItem[]> {
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
}

export function associationCandidatesQueryOptions(iso2: string, q: string) {
  return queryOptions({
    queryKey: countryQueryKeys.of('associations', iso2, q),
    queryFn: ({ signal }) => getAssociationCandidates(iso2, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Active association members of a country, for the national association picker. */
export function useAssociationCandidates(iso2: string, q: string) {
  return useQuery(associationCandidatesQueryOptions(iso2, q));
}
