import type { TMembersListPage } from '@ops/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { membersApiPath } from '../utils/list-params';

/** Cache keys of the members feature. */
export const membersQueryKeys = {
  all: ['members'],
  /** The list of one view: its query string (`formatListParams`), without the cursor. */
  list: (listParams: string) => ['members', 'list', listParams],
} as const;

/** One page of the members list: the view's params and the previous page's cursor. */
export function getMembersPage(
  listParams: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TMembersListPage> {
  return apiRequest<TMembersListPage>(membersApiPath(listParams, cursor), { signal });
}

export function membersListQueryOptions(listParams: string) {
  return infiniteQueryOptions({
    queryKey: membersQueryKeys.list(listParams),
    queryFn: ({ pageParam, signal }) => getMembersPage(listParams, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The rows of the previous view stay on screen while a new sort or filter loads.
    placeholderData: keepPreviousData,
  });
}

/** The members list of a view, page by page along the cursor. */
export function useMembersList(listParams: string) {
  return useInfiniteQuery(membersListQueryOptions(listParams));
}
