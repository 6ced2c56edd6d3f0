import type { TCertificateDetail, TRevokeCertificateRequest } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { certificatePath } from './get-certificate';
import { certificateQueryKeys } from './query-keys';

export function revokeCertificate(
  cid: string,
  body: TRevokeCertificateRequest,
): Promise<TCertificateDetail> {
  return apiRequest<TCertificateDetail>(`${certificatePath(cid)}/revoke`, {
    method: 'POST',
    body,
  });
}

export function useRevokeCertificate(cid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TRevokeCertificateRequest) => revokeCertificate(cid, body),
    sets: (certificate) => [[certificateQueryKeys.detail(cid), certificate]],
    invalidates: () => [certificateQueryKeys.all, auditQueryKeys.record('certificates', cid)],
  });
}
