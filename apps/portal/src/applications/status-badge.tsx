import type { TPortalApplication } from '@ops/contract/portal-applications';
import { Message } from '../i18n/message';
import type { MessageId } from '../i18n/messages/en';

/** Each status in the applicant's words (not staff's: "under review at headquarters"). */
export const statusMessages: Record<TPortalApplication['status'], MessageId> = {
  draft: 'status.draft',
  submitted: 'status.submitted',
  'awaiting-endorsement': 'status.awaitingEndorsement',
  endorsed: 'status.endorsed',
  'under-review': 'status.underReview',
  'information-requested': 'status.informationRequested',
  approved: 'status.approved',
  rejected: 'status.rejected',
  'endorsement-declined': 'status.endorsementDeclined',
  withdrawn: 'status.withdrawn',
};

export function StatusBadge({ status }: { status: TPortalApplication['status'] }) {
  return (
    <span className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
      <Message id={statusMessages[status]} />
    </span>
  );
}
