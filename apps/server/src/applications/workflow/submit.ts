import { sql } from 'kysely';
import { badInput } from '../../errors';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The applicant's draft goes into the review queue; it must name its country. */
export const submit: WorkflowStep<'submit'> = async ({ trx, actor, row }) => {
  if (!row.country_iso2) {
    throw badInput(
      'body.action',
      'country',
      'The application names no country; it cannot be submitted.',
    );
  }
  const updated = await writeApplication(
    trx,
    actor,
    row,
    { status: 'submitted', submitted_at: sql<Date>`now()`, reviewer_uid: actor.uid },
    { action: 'submit' },
  );
  return plainOutcome(
    updated,
    `Application ${row.number} is submitted and waits in the review queue.`,
  );
};
