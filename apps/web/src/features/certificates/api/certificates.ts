import type {
  TCertificateDetail,
  TIssueCertificateRequest,
  TMemberListItem,
  TMembersListPage,
  TRevokeCertificateRequest,
} from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryKeys } from '@/components/data-list';
import { auditQueryKeys, useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** Query keys under the certificates list's root, so a list refresh reaches the detail too. */
export const certificateQueryKeys = {
  all: listQueryKeys.all('certificates'),
  detail: (cid: string) => ['certificates', 'detail', cid] as const,
  memberChoices: (q: string) => ['certificates', 'member-choices', q] as const,
};

export const certificatePdfPath = (cid: string, isDownload = false) =>
  `/api/certificates/${encodeURIComponent(cid)}/pdf${isDownload ? '?download=1' : ''}`;

export function certificateQueryOptions(cid: string) {
  return queryOptions({
    queryKey: certificateQueryKeys.detail(cid),
    queryFn: ({ signal }) =>
      apiRequest<TCertificateDetail>(`/api/certificates/${encodeURIComponent(cid)}`, { signal }),
  });
}

/** One certificate, refetched (with its history) when it changes anywhere. */
export function useCertificate(cid: string) {
  useRecordFollowsChanges({
    table: 'certificates',
    id: cid,
    queryKey: certificateQueryKeys.detail(cid),
  });
  return useQuery(certificateQueryOptions(cid));
}

/** Issues a membership certificate; the list and any open detail refresh. */
export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TIssueCertificateRequest) =>
      apiRequest<TCertificateDetail>('/api/certificates', { method: 'POST', body }),
    onSuccess: (certificate) => {
      queryClient.setQueryData(certificateQueryKeys.detail(certificate.cid), certificate);
      void queryClient.invalidateQueries({ queryKey: certificateQueryKeys.all });
    },
  });
}

export function useRevokeCertificate(cid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRevokeCertificateRequest) =>
      apiRequest<TCertificateDetail>(`/api/certificates/${encodeURIComponent(cid)}/revoke`, {
        method: 'POST',
        body,
      }),
    onSuccess: (certificate) => {
      queryClient.setQueryData(certificateQueryKeys.detail(cid), certificate);
      void queryClient.invalidateQueries({ queryKey: certificateQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('certificates', cid) });
    },
  });
}

/** Members matching a search box (name or number), for the issue form's member picker. */
export function useMemberChoices(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: certificateQueryKeys.memberChoices(text),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: text, sort: 'legalName', limit: '10' });
      return apiRequest<TMembersListPage>(`/api/members?${params.toString()}`, { signal }).then(
        (page): TMemberListItem[] => page.data,
      );
    },
    enabled: text !== '',
    placeholderData: (previous) => previous,
  });
}
