import type { TMemberListItem, TMembersListPage } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** The member choices of forms' pickers, keyed by the typed text. */
export const memberChoicesQueryKeys = areaKeys('member-choices');

/** Members matching a search box (name or number): the first ten of the list by name. */
export function getMemberChoices(text: string, signal?: AbortSignal): Promise<TMemberListItem[]> {
  const params = new URLSearchParams({ q: text, sort: 'legalName', limit: '10' });
  return apiRequest<TMembersListPage>(`/api/members?${params.toString()}`, { signal }).then(
    (page): TMemberListItem[] => page.data,
  );
}

export function memberChoicesQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: memberChoicesQueryKeys.list(text),
    queryFn: ({ signal }) => getMemberChoices(text, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}

/** Members matching a search box (name or number), for a form's member picker. */
export function useMemberChoices(q: string) {
  return useQuery(memberChoicesQueryOptions(q));
}
