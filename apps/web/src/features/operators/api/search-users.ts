import type { TUsersListPage } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { operatorQueryKeys } from './query-keys';

/** Enabled users matching the text (name, e-mail), the first eight. */
export function searchUsers(text: string, signal?: AbortSignal): Promise<TUsersListPage> {
  return apiRequest<TUsersListPage>(
    `/api/users?${new URLSearchParams({ q: text, disabled: 'false', limit: '8' }).toString()}`,
    { signal },
  );
}

export function userSearchQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: operatorQueryKeys.of('user-search', text),
    queryFn: ({ signal }) => searchUsers(text, signal),
    enabled: /[\p{L}\p{N}]/u.test(text),
    placeholderData: keepPreviousData,
  });
}

/** Users matching what the person typed, to pick whom to grant access to. */
export function useUserSearch(q: string) {
  return useQuery(userSearchQueryOptions(q));
}
