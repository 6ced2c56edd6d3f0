import { closeAndTellApplicant } from './close-and-tell';
import type { WorkflowStep } from './context';

/** The application is refused, with the reason the applicant is told. */
export const reject: WorkflowStep<'reject'> = closeAndTellApplicant({
  action: 'reject',
  status: 'rejected',
  email: 'application-rejected',
  message: (number) => `Application ${number} is rejected.`,
});
