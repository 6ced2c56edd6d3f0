import type { CertificateStatus } from '@ops/contract';
import { certificateStatusLabels } from '@/lib/labels';

const tones: Record<CertificateStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  issued: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-800',
  revoked: 'bg-red-100 text-red-900',
  superseded: 'bg-slate-100 text-slate-700',
};

/** A certificate's status as a small coloured badge; the status in words. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}>
      {certificateStatusLabels[status]}
    </span>
  );
}
