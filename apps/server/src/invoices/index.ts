/**
 * The invoices area's public surface.
 */

// Rule 2: a card payment settles its invoice through the same path as a manual payment.
export { recordInvoicePaymentIn } from './payment';
// The yearly renewal run, also started from the command line (on the queue while a server
// runs, else in the CLI's process).
export { getRenewalRun, renewMemberships } from './renewal';
// The renewal run as a job (issue 17, `jobs/tasks/`): scheduled, or started by the dialog.
export {
  continueRenewalRun,
  renewalJobMaxAttempts,
  renewalJobTask,
  runRenewalJob,
  startRenewalRun,
  type RenewalJobPayload,
} from './renewal-job';
// An invoice's stored PDF, which `server.ts` hands the e-mail worker for attachments; with
// `{ reminder }` it is the invoice sent again by a dunning level, titled "Reminder 2" (issue 17).
export { getInvoicePdf } from './pdf-upload';
// Dunning (issue 17) attaches the invoice PDF again marked as a reminder, in the member's
// language: rendered here, or by the e-mail worker from a generated attachment's `reminder`.
export { invoicePdfFileName, renderInvoicePdf, type InvoiceReminder } from './pdf';
// A credit note's PDF is drawn with the invoice PDF's sections: same layout family (issue 16).
export {
  drawAddresses,
  drawHeader,
  drawLinesTable,
  drawTotals,
  formatAmount,
  loadInvoicePdfData,
  vatByRateOf,
  type InvoicePdfData,
} from './pdf';
// Statements of account and credit notes print their member, and no payment, as an invoice does.
export { pdfRecipientOf, unpayablePdfFields } from './pdf';
// Issue 16, the money loop: one booking path for every payment, reversal, credit and refund.
export {
  bookInvoicePaymentIn,
  type BookedPayment,
  type BookingOptions,
  type ReceivedPayment,
} from './money/book-payment';
export { reverseMovementIn, type ReversedBooking } from './money/reverse';
export { applyMemberCreditIn, refundMemberCreditIn, type RefundInput } from './money/member-credit';
export {
  addMovement,
  bookingDayOf,
  memberCreditOf,
  type MovementInput,
  type MovementRow,
} from './money/movements';
export { moneyView, settleInvoiceIn, type InvoiceSettlement } from './money/settle';
export { paymentToleranceOf, defaultTolerance } from './money/tolerance';
export { applyMembershipPayment, type RuleTwoContext } from './payment-rule-two';
export {
  bookInvoicePaymentsIn,
  planInvoicePaymentsIn,
  writePlannedPaymentsIn,
  type PaymentPlan,
  type BulkBooking,
  type BulkBookingResult,
  type BulkPayment,
} from './money/book-payments';
export type { CertificateDue } from './money/rule-two-bulk';
export {
  inTransactionCertificates,
  issueDueCertificates,
  issueDueCertificatesIn,
  type DueCertificatesOutcome,
} from './money/issue-due-certificates';
// Dunning's postal letters (issue 32) select the reminders the list's "Needs a letter" filter
// shows: the rule written once, for a notice `n` of the invoice `i`.
export { letterNeededCondition } from './needs-letter';
// Dunning's letters (issue 32) are drawn with the invoice PDF's layout, words and QR-bill.
export {
  attachQrBill,
  headquartersAddress,
  invoiceLabelsOf,
  planQrBill,
  type QrBillPlan,
} from './pdf';
// Bulk edit (issue 19, `bulk-edit/`) changes the invoices a selection names.
export { selectedInvoices } from './selected-invoices';
export { queueInvoiceEmailIn, type InvoiceEmailKind } from './invoice-email';
// A membership fee's invoice line: the first invoice of an approval, and the demo data's renewals.
export { membershipFeeLine, renewalFeeLine } from './membership-fee-line';
