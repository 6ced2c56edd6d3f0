import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { areaKeys } from '@/lib/query-keys';
import { withQuery } from './list-state';
import type { DataListPage } from './types';

/**
 * Cache keys of a list: everything under its name (its area's root, which holds the area's
 * details too, so a list refresh reaches an open detail), one entry per view.
 */
export const listQueryKeys = {
  all: (name: string) => areaKeys(name).all,
  view: (name: string, queryParams: string) => areaKeys(name).list(queryParams),
};

export function listQueryOptions<Row>(name: string, apiPath: string, queryParams: string) {
  return infiniteQueryOptions({
    queryKey: listQueryKeys.view(name, queryParams),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<DataListPage<Row>>(withQuery(apiPath, queryParams, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The rows of the previous view stay on screen while a new sort or filter loads.
    placeholderData: keepPreviousData,
  });
}

/** A list's view, page by page along the cursor. */
export function useListQuery<Row>(name: string, apiPath: string, queryParams: string) {
  return useInfiniteQuery(listQueryOptions<Row>(name, apiPath, queryParams));
}

/** Further changes within this window after a refresh are gathered into one more refresh. */
export const liveRefreshWindowMs = 250;

/**
 * Keeps a list current: a change of one of its tables (another operator, an import, the CLI)
 * refreshes the loaded pages at once; a burst of changes (a bulk import) refreshes once more
 * at the end of the burst rather than once per change.
 */
export function useListFollowsChanges(name: string, tables: readonly string[]) {
  const queryClient = useQueryClient();
  const state = useRef<{ timer?: ReturnType<typeof setTimeout>; isPending: boolean }>({
    isPending: false,
  });
  useEffect(() => () => clearTimeout(state.current.timer), []);
  useLiveChanges(tables, () => {
    const current = state.current;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: listQueryKeys.all(name) });
    if (current.timer === undefined) {
      refresh();
      current.timer = setTimeout(function endOfWindow() {
        if (current.isPending) {
          current.isPending = false;
          refresh();
          current.timer = setTimeout(endOfWindow, liveRefreshWindowMs);
        } else {
          current.timer = undefined;
        }
      }, liveRefreshWindowMs);
    } else {
      current.isPending = true;
    }
  });
}
