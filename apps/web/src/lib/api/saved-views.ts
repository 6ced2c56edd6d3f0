import type {
  SavedViewListName,
  TCreateSavedViewRequest,
  TSavedView,
  TSavedViewDefault,
  TSavedViews,
  TUpdateSavedViewRequest,
} from '@ops/contract/saved-views';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

/**
 * Saved views (issue 19): the operator's own views and every shared one, for the sidebar and
 * the views menu of each list. One query of every view serves both (a list's menu filters it),
 * so the menu opens on views the sidebar already loaded.
 */
export const savedViewQueryKeys = areaKeys('saved-views');

/**
 * The change-feed tables of saved views and of the operators' defaults: a shared view edited
 * in another console, or a default set in another tab, shows here at once.
 */
export const savedViewTables = ['saved_views', 'saved_view_defaults'] as const;

export function getSavedViews(signal?: AbortSignal): Promise<TSavedViews> {
  return apiRequest<TSavedViews>('/api/saved-views', { signal });
}

export const savedViewsQueryOptions = queryOptions({
  queryKey: savedViewQueryKeys.lists,
  queryFn: ({ signal }) => getSavedViews(signal),
  // The change feed refreshes it; no refetch on every screen that mounts it.
  staleTime: 60_000,
});

let isRefreshScheduled = false;

/**
 * One refresh for one change, however many components follow it (the sidebar's entries, the
 * list's menu): each hears the same event in the same task, and a second invalidation would
 * cancel the first one's request only to send it again.
 */
function refreshSavedViews(queryClient: QueryClient) {
  if (isRefreshScheduled) return;
  isRefreshScheduled = true;
  queueMicrotask(() => {
    isRefreshScheduled = false;
    void queryClient.invalidateQueries({ queryKey: savedViewQueryKeys.all });
  });
}

/** Every view the operator sees, following the change feed of `saved_views` (and defaults). */
export function useSavedViews() {
  const queryClient = useQueryClient();
  useLiveChanges(savedViewTables, () => refreshSavedViews(queryClient));
  return useQuery(savedViewsQueryOptions);
}

/** The views of one list, in the server's order (by name). */
export function useListSavedViews(list: SavedViewListName) {
  const views = useSavedViews();
  return { ...views, views: views.data?.views.filter((view) => view.list === list) ?? [] };
}

/**
 * The cache key of a view's count. Under the list's own root (`listQueryKeys.all(list)`), so
 * whatever refreshes the list (its change feed while it is open, a write of its area) refreshes
 * the counts of its views too.
 */
export function savedViewCountKey(list: SavedViewListName, listParams: string) {
  return areaKeys(list).of('saved-view-count', listParams);
}

/** Every view count of a list, for a refresh when its tables change. */
export function savedViewCountsKey(list: SavedViewListName) {
  return areaKeys(list).of('saved-view-count');
}

/** The rows a view holds, as the list shows its total: exact, or the planner's estimate. */
export type SavedViewCount = { estimatedTotal: number; totalIsExact: boolean };

/** Asks the list's API for one row of the view and keeps its total. */
export async function getSavedViewCount(
  apiPath: string,
  listParams: string,
  signal?: AbortSignal,
): Promise<SavedViewCount> {
  const query = [listParams, 'limit=1'].filter(Boolean).join('&');
  const page = await apiRequest<SavedViewCount>(`${apiPath}?${query}`, { signal });
  return { estimatedTotal: page.estimatedTotal, totalIsExact: page.totalIsExact };
}

export function savedViewCountQueryOptions(
  list: SavedViewListName,
  apiPath: string,
  listParams: string,
) {
  return queryOptions({
    queryKey: savedViewCountKey(list, listParams),
    queryFn: ({ signal }) => getSavedViewCount(apiPath, listParams, signal),
    staleTime: 30_000,
    // A view whose list the operator may not read, or a server that refuses it, shows no count.
    retry: false,
  });
}

export function useSavedViewCount(list: SavedViewListName, apiPath: string, listParams: string) {
  return useQuery(savedViewCountQueryOptions(list, apiPath, listParams));
}

/** The path of one view. */
function savedViewPath(id: string): string {
  return `/api/saved-views/${encodeURIComponent(id)}`;
}

export function createSavedView(request: TCreateSavedViewRequest): Promise<TSavedView> {
  return apiRequest<TSavedView>('/api/saved-views', { method: 'POST', body: request });
}

/** Keeps the current view under a name: the sidebar and every menu show it at once. */
export function useCreateSavedView() {
  return useInvalidatingMutation({
    mutationFn: createSavedView,
    invalidates: () => [savedViewQueryKeys.all],
  });
}

export type SavedViewUpdate = TUpdateSavedViewRequest & { id: string };

export function updateSavedView({ id, ...body }: SavedViewUpdate): Promise<TSavedView> {
  return apiRequest<TSavedView>(savedViewPath(id), { method: 'PATCH', body });
}

/** Rename, update with the current view, share or unshare (a 409 when it moved meanwhile). */
export function useUpdateSavedView() {
  return useInvalidatingMutation({
    mutationFn: updateSavedView,
    invalidates: () => [savedViewQueryKeys.all],
    invalidatesAfterError: () => [savedViewQueryKeys.all],
  });
}

export type SavedViewDelete = { id: string; version: number };

/** Deletes a view read at `version`; the server answers 204 without a body. */
export async function deleteSavedView({ id, version }: SavedViewDelete): Promise<null> {
  try {
    await apiRequest<unknown>(`${savedViewPath(id)}?version=${encodeURIComponent(version)}`, {
      method: 'DELETE',
    });
  } catch (error) {
    // apiRequest expects JSON in every answer; a 204 (deleted, nothing to say) is success.
    if (isApiError(error) && error.status === 204) return null;
    throw error;
  }
  return null;
}

export function useDeleteSavedView() {
  return useInvalidatingMutation({
    mutationFn: deleteSavedView,
    invalidates: () => [savedViewQueryKeys.all],
    invalidatesAfterError: () => [savedViewQueryKeys.all],
  });
}

export type SavedViewDefaultChange = { list: SavedViewListName; viewId: string | null };

export function setSavedViewDefault({
  list,
  viewId,
}: SavedViewDefaultChange): Promise<TSavedViewDefault> {
  return apiRequest<TSavedViewDefault>(`/api/saved-views/defaults/${encodeURIComponent(list)}`, {
    method: 'PUT',
    body: { viewId },
  });
}

/** The view a list opens with when opened bare, or none (null) for the list's own default. */
export function useSetSavedViewDefault() {
  return useInvalidatingMutation({
    mutationFn: setSavedViewDefault,
    invalidates: () => [savedViewQueryKeys.all],
  });
}
