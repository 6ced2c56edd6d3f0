import { Badge, type BadgeTone } from '@/components/badge';
import { memberStatusLabels } from '@/lib/labels';
import type { MemberStatus } from '../utils/list-params';

const tones: Record<MemberStatus, BadgeTone> = {
  'pending-payment': 'amber',
  active: 'emerald',
  overdue: 'orange',
  suspended: 'red',
  terminated: 'grey',
  resigned: 'slate',
};

/** A member's status as a small coloured badge; the status in words. */
export function StatusBadge({ status }: { status: MemberStatus }) {
  return <Badge tone={tones[status]}>{memberStatusLabels[status]}</Badge>;
}
