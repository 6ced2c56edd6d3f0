import type { TApplicationActionRequest, TApplicationActionResult } from '@ops/contract';
import type { OperatorActor } from '../../db/audit';
import { writeTransaction } from '../../db/transaction';
import { getApplicationDetail } from '../detail';
import { lockApplication } from './application-write';
import type { WorkflowContext } from './context';
import { runStep } from './steps';
import { refuseUnavailableStep } from './transitions';

/**
 * One step of the review workflow, in one transaction: the version the operator read is
 * checked (409 when someone else changed it), the step must be one the status allows (400 on
 * body.action, rule `transition`), then the step's own rule, its changes, audit entries and
 * e-mails. Any failure leaves nothing behind.
 */
export async function runApplicationAction(
  context: WorkflowContext,
  actor: OperatorActor,
  aid: string,
  request: TApplicationActionRequest,
): Promise<TApplicationActionResult> {
  const outcome = await writeTransaction(context.db, async (trx) => {
    const row = await lockApplication(trx, aid, { version: request.version });
    await refuseUnavailableStep(trx, row, request.action);
    return runStep({ trx, context, actor, row, request });
  });
  return {
    application: await getApplicationDetail(context.db, aid),
    message: outcome.message,
    member: outcome.member,
    invoice: outcome.invoice,
    emailId: outcome.emailId,
  };
}
