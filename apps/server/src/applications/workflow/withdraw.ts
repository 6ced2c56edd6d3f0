import { sql } from 'kysely';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The applicant withdrew: the application is closed with the operator's note (no e-mail). */
export const withdraw: WorkflowStep<'withdraw'> = async ({ trx, actor, row, request }) => {
  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'withdrawn',
      decision_reason: request.reason,
      decided_at: sql<Date>`now()`,
      reviewer_uid: actor.uid,
    },
    { action: 'withdraw', reason: request.reason },
  );
  return plainOutcome(updated, `Application ${row.number} is withdrawn.`);
};
