import type { TInvoicePaymentMethod } from '@ops/contract';
import type { Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { bookInvoicePaymentIn, type BookedPayment } from './money/book-payment';
import type { RuleTwoContext } from './payment-rule-two';

export {
  applyRuleTwoForPaidInvoiceIn,
  type InvoiceRow,
  type PaymentOutcome,
} from './payment-rule-two';

type Trx = Transaction<Database>;

/** A payment as whoever records it knows it: the bank statement, the card provider, a receipt. */
export type InvoicePayment = {
  paidAt: Date;
  amountMinor: number;
  method: TInvoicePaymentMethod;
  /** The payment's own reference (bank transaction, card payment id, receipt number). */
  reference: string | null;
  /** Where it came from; by default the card provider for card payments, else by hand. */
  source?: 'bank' | 'card' | 'csv' | 'manual';
  cardInvoiceSid?: string;
};

export type PaymentOptions = RuleTwoContext & {
  /** The version the operator read; omitted by webhooks and imports, which decide by state. */
  expectedVersion?: number;
  /** Why, for the audit trail ("Card payment in_123", "Bank statement 2026-01-14"). */
  reason?: string;
  /** A paid invoice: refuse (by hand) or take the money as member credit (a second payment). */
  onPaidInvoice?: 'refuse' | 'credit';
};

/**
 * Records a payment of an invoice and runs rule 2 of the domain in the caller's transaction,
 * through the one booking path (`money/book-payment.ts`):
 * 1. the money settles the invoice up to its balance; a short payment within the currency's
 *    tolerance is written off as bank charges, beyond it the invoice stays partially paid; a
 *    surplus becomes the member's credit;
 * 2. when the balance reaches zero the invoice becomes paid and, for a membership invoice, the
 *    member becomes active (from pending payment, overdue or suspended, unless another
 *    membership invoice of theirs is still past due) and its paid-through year moves up;
 * 3. the year's membership certificate is issued (and e-mailed) unless one is already issued,
 *    for a year that has not ended yet.
 * Every change writes its audit entry. The invoice row is taken FOR UPDATE, so two payments of
 * the same invoice are booked one after the other.
 */
export async function recordInvoicePaymentIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  payment: InvoicePayment,
  options: PaymentOptions,
): Promise<BookedPayment> {
  return bookInvoicePaymentIn(
    trx,
    actor,
    iid,
    {
      amountMinor: payment.amountMinor,
      paidAt: payment.paidAt,
      method: payment.method,
      source: payment.source ?? (payment.method === 'card' ? 'card' : 'manual'),
      reference: payment.reference,
      reason: options.reason,
      cardInvoiceSid: payment.cardInvoiceSid,
    },
    {
      publicUrl: options.publicUrl,
      mailFrom: options.mailFrom,
      expectedVersion: options.expectedVersion,
      invoiceField: options.invoiceField,
      onPaidInvoice: options.onPaidInvoice,
    },
  );
}
