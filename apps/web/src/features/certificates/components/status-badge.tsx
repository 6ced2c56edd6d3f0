import type { CertificateStatus } from '@ops/contract';
import { Badge, type BadgeTone } from '@/components/badge';
import { certificateStatusLabels } from '@/lib/labels';

const tones: Record<CertificateStatus, BadgeTone> = {
  pending: 'amber',
  issued: 'emerald',
  expired: 'grey',
  revoked: 'red',
  superseded: 'slate',
};

/** A certificate's status as a small coloured badge; the status in words. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return <Badge tone={tones[status]}>{certificateStatusLabels[status]}</Badge>;
}
