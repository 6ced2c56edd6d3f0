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
    (applicant) => ({
      ...mailFacts(row, applicant),
      message: request.message,
      // Where a user applied, the portal shows the request and takes the answer (issue 34).
      answerUrl: row.submitted_by_uid ? `${context.portalUrl}/applications/${row.aid}` : null,
    }),
  );
  return plainOutcome(updated, `Information requested.${told(to)}`, emailId);
};
