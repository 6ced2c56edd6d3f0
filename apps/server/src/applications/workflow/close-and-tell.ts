import type { ApplicationStatus } from '@ops/contract';
import { mailFacts, tellApplicant, told } from './applicant';
import { closeApplication } from './application-write';
import { plainOutcome, type StepInput, type StepOutcome } from './context';

/** The steps that close an application with a reason the applicant is to hear. */
type ClosingAction = 'reject' | 'decline-endorsement';

/**
 * A step that closes the application with the operator's reason and e-mails that reason to the
 * applicant: a rejection, or the association's declined endorsement.
 */
export function closeAndTellApplicant(close: {
  action: ClosingAction;
  status: ApplicationStatus;
  email: 'application-rejected' | 'application-endorsement-declined';
  /** The operator's message, before the sentence on the e-mail. */
  message: (number: string) => string;
}): (input: Omit<StepInput, 'request'> & { request: { reason: string } }) => Promise<StepOutcome> {
  return async ({ trx, context, actor, row, request }) => {
    const updated = await closeApplication(trx, actor, row, {
      status: close.status,
      action: close.action,
      reason: request.reason,
    });
    const { emailId, to } = await tellApplicant(trx, context, row, close.email, (applicant) => ({
      ...mailFacts(row, applicant),
      reason: request.reason,
    }));
    return plainOutcome(updated, `${close.message(row.number)}${told(to)}`, emailId);
  };
}
