// The start page's counts are declared once in the contract, zod-free (`home-definitions.ts`:
// browser code imports no value from `@ops/contract` itself, whose zod schemas would come into
// the first bundle; see lib/api-client.ts). The server counts these; constants.test.ts checks
// that the contract's index gives the same.
export {
  applicationStatusesAwaitingReview,
  failedEmailState,
} from '@ops/contract/home-definitions';
