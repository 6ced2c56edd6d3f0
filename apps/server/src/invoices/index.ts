/**
 * The invoices area's public surface.
 */

// Rule 2: a card payment settles its invoice through the same path as a manual payment.
export { recordInvoicePaymentIn } from './payment';
// The yearly renewal run, also started from the command line.
export { renewMemberships } from './renewal';
// An invoice's stored PDF, which `server.ts` hands the e-mail worker for attachments.
export { getInvoicePdf } from './pdf-upload';
// Issue 16, the money loop: one booking path for every payment, reversal, credit and refund.
export {
  bookInvoicePaymentIn,
  type BookedPayment,
  type BookingOptions,
  type ReceivedPayment,
} from './money/book-payment';
export { reverseMovementIn, type ReversedBooking } from './money/reverse';
export {
  applyMemberCreditIn,
  refundMemberCreditIn,
  type RefundInput,
} from './money/member-credit';
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
