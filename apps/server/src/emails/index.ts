/**
 * The e-mails area's public surface (the outbox and its delivery worker): other areas queue the
 * e-mails their operations send, inside their own transaction.
 */

// Queueing: an operation writes its e-mail in its own transaction; the worker delivers it.
export { outboxChannel, queueEmail, queueEmails } from './outbox';
// A document e-mailed by hand (a statement, a credit note) is not sent twice within a minute.
export { refuseRepeatedSend } from './document-sends';
// A queued e-mail carrying a sign-in or reset code stores it only sealed with the outbox key.
export { getOutboxKey, redactedCodeParam } from './sealed-secrets';
// The endorsement links are sealed the same way (reminders resend the same link), and the
// template checks recognise one (`email-templates/checks.ts`).
export { endorsementLinkPath, endorsementTokenOf, openSecret, sealSecret } from './sealed-secrets';
// The delivery worker and its transports, started by `server.ts`.
export { logTransport, smtpTransport, startEmailWorker } from './delivery-worker';
