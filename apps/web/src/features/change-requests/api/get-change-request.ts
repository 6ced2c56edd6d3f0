import type { TChangeRequestDetail } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { changeRequestQueryKeys } from './query-keys';

export const changeRequestPath = (id: string) => `/api/change-requests/${encodeURIComponent(id)}`;

/** The attached document (a registry extract, say), served as a download. */
export const changeRequestDocumentPath = (id: string) => `${changeRequestPath(id)}/document`;

export function getChangeRequest(id: string, signal?: AbortSignal): Promise<TChangeRequestDetail> {
  return apiRequest<TChangeRequestDetail>(changeRequestPath(id), { signal });
}

export function changeRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: changeRequestQueryKeys.detail(id),
    queryFn: ({ signal }) => getChangeRequest(id, signal),
  });
}

/** Changes arriving together (a portal save writes the member and the request) refetch once. */
const refetchAfterMs = 150;

/**
 * One change request beside the member's current values, refetched when the request changes
 * (the member adds to it, withdraws it, a colleague decides it) and when its member changes
 * (the "Current value" column and the member's version an approval names).
 */
export function useChangeRequest(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery(changeRequestQueryOptions(id));
  const memberMid = query.data?.memberMid;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveChanges(['member_change_requests', 'members'], (change) => {
    const isOurs =
      change.type === 'reconnected' ||
      change.id === '*' ||
      (change.table === 'member_change_requests' ? change.id === id : change.id === memberMid);
    if (!isOurs) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: changeRequestQueryKeys.detail(id) });
    }, refetchAfterMs);
  });
  return query;
}
