import type { TCertificateDetail, TIssueCertificateRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { certificateQueryKeys } from './query-keys';

export function issueCertificate(body: TIssueCertificateRequest): Promise<TCertificateDetail> {
  return apiRequest<TCertificateDetail>('/api/certificates', { method: 'POST', body });
}

/** Issues a membership certificate; the list and any open detail refresh. */
export function useIssueCertificate() {
  return useInvalidatingMutation({
    mutationFn: issueCertificate,
    sets: (certificate) => [[certificateQueryKeys.detail(certificate.cid), certificate]],
    invalidates: () => [certificateQueryKeys.all],
  });
}
