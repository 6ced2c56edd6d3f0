import type {
  ApplicationAction,
  TApplicationActionRequest,
  TApplicationActionResult,
} from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { OperatorActor } from '../../db/audit';
import type { Database } from '../../db/schema';
import type { ApplicationRow } from '../detail';

export type Trx = Transaction<Database>;

/**
 * What a workflow step needs besides the database: where e-mails come from, and the portal's
 * origin (the endorsement link, issue 34).
 */
export type WorkflowContext = { db: Kysely<Database>; mailFrom: string; portalUrl: string };

/** What a step did: the application as it is now, the operator's message, what it created. */
export type StepOutcome = Pick<
  TApplicationActionResult,
  'message' | 'member' | 'invoice' | 'emailId'
> & {
  row: ApplicationRow;
};

/** Everything a step is given: the locked application (version and transition checked). */
export type StepInput<A extends ApplicationAction = ApplicationAction> = {
  trx: Trx;
  context: WorkflowContext;
  actor: OperatorActor;
  row: ApplicationRow;
  request: Extract<TApplicationActionRequest, { action: A }>;
};

/** One step of the review workflow, run inside the caller's transaction. */
export type WorkflowStep<A extends ApplicationAction = ApplicationAction> = (
  input: StepInput<A>,
) => Promise<StepOutcome>;

/** The outcome of a step that creates nothing (every step but approval). */
export function plainOutcome(
  row: ApplicationRow,
  message: string,
  emailId: string | null = null,
): StepOutcome {
  return { row, message, member: null, invoice: null, emailId };
}
