/**
 * The bank statements area's public surface.
 */

// The ISO 20022 camt.053/054 reader and writer (the CLI, the demo sample and the benchmark).
export { parseCamt } from './camt/parse';
export { buildCamtXml } from './camt/build';
export { CamtError, camtErrorAsBadInput } from './camt/camt-error';
export type * from './camt/types';
// Reversing a bank payment from its invoice (the invoices area's reverse) sends its entry back
// to the Unmatched payments queue, as this area's own reverse does.
export { returnEntryOfMovementToQueueIn } from './actions/reverse';
// The bank file import (the CLI's `bank import`, the same path as the upload).
export {
  importBankFile,
  readBankFile,
  type BankFile,
  type ReadBankFile,
} from './import/import-file';
// A large import's follow-up (search documents, certificates) as a job on the queue (issue 17,
// `jobs/tasks/bank-import-follow-up.ts`).
export {
  importFollowUpMaxAttempts,
  importFollowUpTask,
  runImportFollowUp,
  type ImportFollowUpPayload,
} from './import/follow-up';
