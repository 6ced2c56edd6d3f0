import type { TEmailDetail, TEmailRetryResult } from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryKeys } from '@/components/data-list';
import { auditQueryKeys, useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** Query keys under the e-mail log's root, so a list refresh reaches the detail too. */
export const emailQueryKeys = {
  all: listQueryKeys.all('emails'),
  detail: (eid: string) => ['emails', 'detail', eid] as const,
};

const emailPath = (eid: string) => `/api/emails/${encodeURIComponent(eid)}`;

/** The HTML body, served as a sandboxed document (CSP sandbox, no scripts). */
export const emailHtmlPath = (eid: string) => `${emailPath(eid)}/html`;

export const emailAttachmentPath = (eid: string, position: number) =>
  `${emailPath(eid)}/attachments/${position}`;

export function emailQueryOptions(eid: string) {
  return queryOptions({
    queryKey: emailQueryKeys.detail(eid),
    queryFn: ({ signal }) => apiRequest<TEmailDetail>(emailPath(eid), { signal }),
  });
}

/** One e-mail, refetched (with its history) as the worker moves it along. */
export function useEmail(eid: string) {
  useRecordFollowsChanges({ table: 'emails', id: eid, queryKey: emailQueryKeys.detail(eid) });
  return useQuery(emailQueryOptions(eid));
}

/** Sends a failed e-mail back to the outbox; the list and the open detail refresh. */
export function useRetryEmail(eid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<TEmailRetryResult>(`${emailPath(eid)}/retry`, { method: 'POST', body: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: emailQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('emails', eid) });
    },
  });
}
