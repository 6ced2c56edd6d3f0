import type { ApplicationAction } from '@ops/contract';
import { approve } from './approve';
import type { StepInput, StepOutcome, WorkflowStep } from './context';
import { declineEndorsement } from './decline-endorsement';
import { recordEndorsement } from './record-endorsement';
import { reject } from './reject';
import { requestEndorsement } from './request-endorsement';
import { requestInformation } from './request-information';
import { resendEndorsement, waiveEndorsement } from './resend-waive-endorsement';
import { resumeReview, startReview } from './review';
import { submit } from './submit';
import { withdraw } from './withdraw';

/** Every step of the review workflow by its action: a new action is one file and one line. */
export const workflowSteps: { [A in ApplicationAction]: WorkflowStep<A> } = {
  submit,
  'request-endorsement': requestEndorsement,
  'record-endorsement': recordEndorsement,
  'decline-endorsement': declineEndorsement,
  'resend-endorsement': resendEndorsement,
  'waive-endorsement': waiveEndorsement,
  'start-review': startReview,
  'request-information': requestInformation,
  'resume-review': resumeReview,
  approve,
  reject,
  withdraw,
};

/** Runs the step the request names (the registry is typed per action; the request carries it). */
export function runStep(input: StepInput): Promise<StepOutcome> {
  const step = workflowSteps[input.request.action] as WorkflowStep;
  return step(input);
}
