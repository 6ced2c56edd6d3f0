import type { TMembersListPage } from '@ops/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useLiveChanges } from '@/lib/live-changes';
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

/** Changes arriving together (a bulk import) refetch the list once. */
const refetchAfterMs = 250;

/**
 * Keeps every members list on screen current: a member changed by another operator, or a
 * country renamed, refetches the loaded pages (within about a second, through the change
 * stream; changes that may have been missed while disconnected do too).
 */
export function useMembersFollowChanges() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveChanges(['members', 'countries'], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: membersQueryKeys.all });
    }, refetchAfterMs);
  });
}
