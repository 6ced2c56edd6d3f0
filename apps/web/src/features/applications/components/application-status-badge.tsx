import type { ApplicationStatus } from '@ops/contract';
import { Badge, type BadgeTone } from '@/components/badge';
import { applicationStatusLabels } from './application-labels';

const tones: Record<ApplicationStatus, BadgeTone> = {
  draft: 'slate',
  submitted: 'sky',
  'awaiting-endorsement': 'violet',
  endorsed: 'sky',
  'under-review': 'amber',
  'information-requested': 'orange',
  approved: 'emerald',
  rejected: 'red',
  'endorsement-declined': 'red-light',
  withdrawn: 'grey',
};

/** An application's status as a small coloured badge with its label. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={tones[status]}>{applicationStatusLabels[status]}</Badge>;
}
