import { closeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/** The applicant withdrew: the application is closed with the operator's note (no e-mail). */
export const withdraw: WorkflowStep<'withdraw'> = async ({ trx, actor, row, request }) => {
  const updated = await closeApplication(trx, actor, row, {
    status: 'withdrawn',
    action: 'withdraw',
    reason: request.reason,
  });
  return plainOutcome(updated, `Application ${row.number} is withdrawn.`);
};
