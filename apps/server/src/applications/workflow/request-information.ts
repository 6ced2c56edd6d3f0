import { mailFacts, tellApplicant, told } from './applicant';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** Sends the application back to the applicant with the operator's question. */
export const requestInformation: WorkflowStep<'request-information'> = async ({
  trx,
  context,
  actor,
  row,
  request,
}) => {
  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'information-requested',
      decision_reason: request.message,
      reviewer_uid: actor.uid,
    },
    { action: 'request-information', reason: request.message },
  );
  const { emailId, to } = await tellApplicant(
    trx,
    context,
    row,
    'application-information-requested',
    (applicant) => ({ ...mailFacts(row, applicant), message: request.message }),
  );
  return plainOutcome(updated, `Information requested.${told(to)}`, emailId);
};
