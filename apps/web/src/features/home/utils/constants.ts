import type * as contract from '@ops/contract';

// A copy of a contract value: browser code imports only types from @ops/contract, as a value
// import would bring its zod schemas into the first bundle (see lib/api-client.ts). The
// `satisfies` makes a drift in the values' type an error; constants.test.ts checks the values.

/** Application statuses that wait for the federation's staff to act (the server counts these). */
export const applicationStatusesAwaitingReview = [
  'submitted',
  'endorsed',
  'under-review',
] as const satisfies typeof contract.applicationStatusesAwaitingReview;

/** The e-mail delivery state of a message that failed for good (the server counts these). */
export const failedEmailState = 'ERROR';
