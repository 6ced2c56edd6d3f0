import { writeApplication } from './application-write';
import { plainOutcome, type StepInput, type StepOutcome, type WorkflowStep } from './context';

/** The operator takes the application into review (first time, or after information came). */
async function takeIntoReview(
  { trx, actor, row }: Pick<StepInput, 'trx' | 'actor' | 'row'>,
  action: 'start-review' | 'resume-review',
): Promise<StepOutcome> {
  const updated = await writeApplication(
    trx,
    actor,
    row,
    { status: 'under-review', reviewer_uid: actor.uid },
    { action },
  );
  return plainOutcome(updated, `Application ${row.number} is under review by you.`);
}

export const startReview: WorkflowStep<'start-review'> = (input) =>
  takeIntoReview(input, 'start-review');

export const resumeReview: WorkflowStep<'resume-review'> = (input) =>
  takeIntoReview(input, 'resume-review');
