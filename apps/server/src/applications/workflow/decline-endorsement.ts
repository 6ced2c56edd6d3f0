import { closeAndTellApplicant } from './close-and-tell';
import type { WorkflowStep } from './context';

/** The association declined: the application is closed and the applicant told why. */
export const declineEndorsement: WorkflowStep<'decline-endorsement'> = closeAndTellApplicant({
  action: 'decline-endorsement',
  status: 'endorsement-declined',
  email: 'application-endorsement-declined',
  message: (number) => `Application ${number} is closed: endorsement declined.`,
});
