/**
 * The e-mails area's public surface (the outbox and its delivery worker): other areas queue the
 * e-mails their operations send, inside their own transaction.
 */

// Queueing: an operation writes its e-mail in its own transaction; the worker delivers it.
export { outboxChannel, queueEmail, queueEmails } from './outbox';
// A document e-mailed by hand (a statement, a credit note) is not sent twice within a minute.
export { refuseRepeatedSend } from './document-sends';
// The endorsement request's wording (every other e-mail is an editable template, email-templates/).
export { applicationEndorsementRequestedEmail } from './templates';
// A queued e-mail carrying a sign-in or reset code stores it only sealed with the outbox key.
export { getOutboxKey, redactedCodeParam } from './sealed-secrets';
// The delivery worker and its transports, started by `server.ts`.
export { logTransport, smtpTransport, startEmailWorker } from './delivery-worker';
