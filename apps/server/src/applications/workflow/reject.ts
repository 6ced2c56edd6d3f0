import { mailFacts, tellApplicant, told } from './applicant';
import { closeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The application is refused, with the reason the applicant is told. */
export const reject: WorkflowStep<'reject'> = async ({ trx, context, actor, row, request }) => {
  const updated = await closeApplication(trx, actor, row, {
    status: 'rejected',
    action: 'reject',
    reason: request.reason,
  });
  const { emailId, to } = await tellApplicant(
    trx,
    context,
    row,
    'application-rejected',
    (applicant) => ({ ...mailFacts(row, applicant), reason: request.reason }),
  );
  return plainOutcome(updated, `Application ${row.number} is rejected.${told(to)}`, emailId);
};
