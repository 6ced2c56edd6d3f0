import type { TCertificateDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { certificateQueryKeys } from './query-keys';

export const certificatePath = (cid: string) => `/api/certificates/${encodeURIComponent(cid)}`;

export const certificatePdfPath = (cid: string, isDownload = false) =>
  `${certificatePath(cid)}/pdf${isDownload ? '?download=1' : ''}`;

export function getCertificate(cid: string, signal?: AbortSignal): Promise<TCertificateDetail> {
  return apiRequest<TCertificateDetail>(certificatePath(cid), { signal });
}

export function certificateQueryOptions(cid: string) {
  return queryOptions({
    queryKey: certificateQueryKeys.detail(cid),
    queryFn: ({ signal }) => getCertificate(cid, signal),
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
