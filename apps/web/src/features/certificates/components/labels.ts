import type { CertificateType } from '@ops/contract';

export const certificateTypeLabels: Record<CertificateType, string> = {
  membership: 'Membership',
  'document-licence': 'Document licence',
  diploma: 'Diploma',
};
