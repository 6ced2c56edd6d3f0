import { applicationTransitions, type ApplicationAction } from '@ops/contract';
import { badInput } from '../../errors';
import {
  availableActions,
  countryAssociationOf,
  needsEndorsement,
  type ApplicationRow,
} from '../detail';
import type { Trx } from './context';

const statusLabel: Record<ApplicationRow['status'], string> = {
  draft: 'a draft',
  submitted: 'submitted',
  'awaiting-endorsement': 'awaiting endorsement',
  endorsed: 'endorsed',
  'under-review': 'under review',
  'information-requested': 'waiting for requested information',
  approved: 'approved',
  rejected: 'rejected',
  'endorsement-declined': 'closed (endorsement declined)',
  withdrawn: 'withdrawn',
};

const actionLabel: Record<ApplicationAction, string> = {
  submit: 'submitted',
  'request-endorsement': 'sent to the national association for endorsement',
  'record-endorsement': 'marked as endorsed',
  'decline-endorsement': 'closed as endorsement declined',
  'resend-endorsement': 'sent a new endorsement link',
  'waive-endorsement': 'reviewed without its endorsement',
  'start-review': 'taken into review',
  'request-information': 'sent back with a request for information',
  'resume-review': 'taken back into review',
  approve: 'approved',
  reject: 'rejected',
  withdraw: 'withdrawn',
};

/**
 * Throws a 400 on body.action (rule `transition`) unless the application's status, and its need
 * for an endorsement, allow `action`; the message says what it can be instead.
 */
export async function refuseUnavailableStep(
  trx: Trx,
  row: ApplicationRow,
  action: ApplicationAction,
): Promise<void> {
  const countryAssociation = await countryAssociationOf(trx, row.country_iso2);
  const allowed = availableActions(
    row.status,
    needsEndorsement(row, countryAssociation?.mid ?? null),
  );
  if (allowed.includes(action)) return;
  const transition = applicationTransitions[action];
  const why = transition.from.includes(row.status)
    ? action === 'start-review'
      ? ' It needs the endorsement of its national association first: request it.'
      : ' Its country has no national association to endorse it: start the review directly.'
    : allowed.length > 0
      ? ` From here it can be: ${allowed.join(', ')}.`
      : ' Its life cycle has ended.';
  throw badInput(
    'body.action',
    'transition',
    `Application ${row.number} is ${statusLabel[row.status]}; it cannot be ${actionLabel[action]}.${why}`,
  );
}
