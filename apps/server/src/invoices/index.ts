/**
 * The invoices area's public surface.
 */

// Rule 2: a card payment settles its invoice through the same path as a manual payment.
export { recordInvoicePaymentIn } from './payment';
// The yearly renewal run, also started from the command line.
export { renewMemberships } from './renewal';
// An invoice's stored PDF, which `server.ts` hands the e-mail worker for attachments.
export { getInvoicePdf } from './pdf-upload';
