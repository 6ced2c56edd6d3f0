import type { ApplicationStatus } from '@ops/contract';
import { applicationStatusLabels } from './application-labels';

const tones: Record<ApplicationStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  submitted: 'bg-sky-100 text-sky-900',
  'awaiting-endorsement': 'bg-violet-100 text-violet-900',
  endorsed: 'bg-sky-100 text-sky-900',
  'under-review': 'bg-amber-100 text-amber-900',
  'information-requested': 'bg-orange-100 text-orange-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  'endorsement-declined': 'bg-red-50 text-red-800',
  withdrawn: 'bg-slate-200 text-slate-800',
};

/** An application's status as a small coloured badge with its label. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[status]}`}
    >
      {applicationStatusLabels[status]}
    </span>
  );
}
