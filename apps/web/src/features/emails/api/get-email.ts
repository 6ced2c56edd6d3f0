import type { TEmailDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { emailQueryKeys } from './query-keys';

export const emailPath = (eid: string) => `/api/emails/${encodeURIComponent(eid)}`;

/** The HTML body, served as a sandboxed document (CSP sandbox, no scripts). */
export const emailHtmlPath = (eid: string) => `${emailPath(eid)}/html`;

export const emailAttachmentPath = (eid: string, position: number) =>
  `${emailPath(eid)}/attachments/${position}`;

export function getEmail(eid: string, signal?: AbortSignal): Promise<TEmailDetail> {
  return apiRequest<TEmailDetail>(emailPath(eid), { signal });
}

export function emailQueryOptions(eid: string) {
  return queryOptions({
    queryKey: emailQueryKeys.detail(eid),
    queryFn: ({ signal }) => getEmail(eid, signal),
  });
}

/** One e-mail, refetched (with its history) as the worker moves it along. */
export function useEmail(eid: string) {
  useRecordFollowsChanges({ table: 'emails', id: eid, queryKey: emailQueryKeys.detail(eid) });
  return useQuery(emailQueryOptions(eid));
}
