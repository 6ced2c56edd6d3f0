import { memberStatusLabels } from '@/lib/labels';
import type { MemberStatus } from '../utils/list-params';

const tones: Record<MemberStatus, string> = {
  'pending-payment': 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  overdue: 'bg-orange-100 text-orange-900',
  suspended: 'bg-red-100 text-red-900',
  terminated: 'bg-slate-200 text-slate-800',
  resigned: 'bg-slate-100 text-slate-700',
};

/** A member's status as a small coloured badge; the status in words. */
export function StatusBadge({ status }: { status: MemberStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}>
      {memberStatusLabels[status]}
    </span>
  );
}
