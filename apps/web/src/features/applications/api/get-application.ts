import type { TApplicationDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@ops/ui/api-client';
import { applicationQueryKeys } from './query-keys';

export const applicationPath = (aid: string) => `/api/applications/${encodeURIComponent(aid)}`;

/** Where a stored document's bytes are served (inline, with its content type). */
export function documentHref(aid: string, documentId: string): string {
  return `${applicationPath(aid)}/documents/${encodeURIComponent(documentId)}`;
}

export function getApplication(aid: string, signal?: AbortSignal): Promise<TApplicationDetail> {
  return apiRequest<TApplicationDetail>(applicationPath(aid), { signal });
}

export function applicationQueryOptions(aid: string) {
  return queryOptions({
    queryKey: applicationQueryKeys.detail(aid),
    queryFn: ({ signal }) => getApplication(aid, signal),
  });
}

export function useApplication(aid: string) {
  return useQuery(applicationQueryOptions(aid));
}

/**
 * Keeps the open application current: a change by anyone else (or changes that may have been
 * missed while disconnected) refetches it and its history within about a second; a change of
 * its member or invoices refetches the detail (their numbers and status show on it).
 */
export function useApplicationFollowChanges(aid: string) {
  useRecordFollowsChanges({
    table: 'applications',
    id: aid,
    queryKey: applicationQueryKeys.detail(aid),
    relatedTables: ['members', 'invoices'],
  });
}
