import { mailFacts, tellApplicant, told } from './applicant';
import { closeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The association declined: the application is closed and the applicant told why. */
export const declineEndorsement: WorkflowStep<'decline-endorsement'> = async ({
  trx,
  context,
  actor,
  row,
  request,
}) => {
  const updated = await closeApplication(trx, actor, row, {
    status: 'endorsement-declined',
    action: 'decline-endorsement',
    reason: request.reason,
  });
  const { emailId, to } = await tellApplicant(
    trx,
    context,
    row,
    'application-endorsement-declined',
    (applicant) => ({ ...mailFacts(row, applicant), reason: request.reason }),
  );
  return plainOutcome(
    updated,
    `Application ${row.number} is closed: endorsement declined.${told(to)}`,
    emailId,
  );
};
