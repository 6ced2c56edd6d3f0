import { sql } from 'kysely';
import { mailFacts, tellApplicant, told } from './applicant';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The application is refused, with the reason the applicant is told. */
export const reject: WorkflowStep<'reject'> = async ({ trx, context, actor, row, request }) => {
  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'rejected',
      decision_reason: request.reason,
      decided_at: sql<Date>`now()`,
      reviewer_uid: actor.uid,
    },
    { action: 'reject', reason: request.reason },
  );
  const { emailId, to } = await tellApplicant(
    trx,
    context,
    row,
    'application-rejected',
    (applicant) => ({ ...mailFacts(row, applicant), reason: request.reason }),
  );
  return plainOutcome(updated, `Application ${row.number} is rejected.${told(to)}`, emailId);
};
