/**
 * The bulk-edit area's public surface (issue 19): every area's bulk action records what it
 * changed, in its own transaction, so that the action can be undone (`…/bulk/undo`).
 */

// Members bulk status, users bulk disabled and e-mails bulk retry record their changes here.
export { recordBulkOperation, type BulkOperationRow, type BulkTable } from './record-operation';
// The e-mails' fingerprint a bulk retry records and its undo compares (e-mails carry no version).
export { emailFingerprint } from './restore-emails';
