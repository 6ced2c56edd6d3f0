import type { ChangeRequestStatus } from '@ops/contract/change-requests';
import { Badge, type BadgeTone } from '@/components/badge';
import { changeRequestStatusLabels } from './change-request-labels';

const tones: Record<ChangeRequestStatus, BadgeTone> = {
  pending: 'amber',
  approved: 'emerald',
  declined: 'red',
  withdrawn: 'grey',
};

/** A change request's status as a small coloured badge; the status in words. */
export function ChangeRequestStatusBadge({ status }: { status: ChangeRequestStatus }) {
  return <Badge tone={tones[status]}>{changeRequestStatusLabels[status]}</Badge>;
}
