import type { TInvoicePaymentMethod, TPaymentOutcome } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import { formatDate, formatMoney } from '@ops/contract/display-format';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { badInput } from '../../errors';
import { applyMembershipPayment, type InvoiceRow, type PaymentOutcome } from '../payment-rule-two';
import { addMovement, bookingDayOf, type MovementRow } from './movements';
import { balanceOf, settleInvoiceIn } from './settle';
import { paymentToleranceOf } from './tolerance';
import { clock } from '../../lib/clock';

type Trx = Transaction<Database>;

/** A payment received for an invoice, as whoever records it knows it. */
export type ReceivedPayment = {
  amountMinor: number;
  /** The currency the money came in; a different one than the invoice's is refused. */
  currency?: string;
  paidAt: Date;
  method: TInvoicePaymentMethod;
  source: 'bank' | 'card' | 'csv' | 'manual';
  /** The payment's own reference (bank transaction, card payment id, receipt number). */
  reference: string | null;
  /** Why it was booked to this invoice ("QR reference", "invoice number in the payment text"). */
  reason?: string;
  bankEntryId?: string;
  cardInvoiceSid?: string;
};

export type BookingOptions = {
  publicUrl: string;
  mailFrom: string;
  /** The version the operator read; omitted by webhooks and imports, which decide by state. */
  expectedVersion?: number;
  /** A paid invoice: refuse (by hand) or take the money as member credit (a second payment). */
  onPaidInvoice?: 'refuse' | 'credit';
  /** Field of the request that names the invoice, for 400s ("body.iid", "params.iid"). */
  invoiceField?: string;
  /** Field of the request that carries the amount, for 400s. */
  amountField?: string;
};

export type BookedPayment = PaymentOutcome & {
  outcome: TPaymentOutcome;
  movement: MovementRow;
  /** The bank charges written off with it (a short payment within the tolerance). */
  writeOff: MovementRow | null;
  /** What went to the member's credit (an overpayment or a second payment). */
  surplusMinor: number;
  /** What is still open on the invoice after it. */
  balanceMinor: number;
  /** The outcome in words for the operator and the report. */
  summary: string;
};

function refusal(invoice: InvoiceRow, onPaid: 'refuse' | 'credit'): string | null {
  if (invoice.status === 'issued') return null;
  if (invoice.status === 'paid') {
    return onPaid === 'credit'
      ? null
      : `it was already paid on ${invoice.paid_at ? formatDate(new Date(invoice.paid_at).toISOString()) : 'an earlier day'}`;
  }
  if (invoice.status === 'draft') return 'it is a draft: issue it first';
  return `it is ${invoice.status}`;
}

/**
 * Books money received for an invoice, in the caller's transaction (issue 16):
 * - up to the balance it settles the invoice; a remainder within the currency's tolerance is
 *   written off as bank charges and the invoice is paid; beyond it the invoice stays open,
 *   partially paid, with its balance;
 * - more than the balance (an overpayment, or any payment of an invoice already paid when
 *   `onPaidInvoice` is 'credit') goes to the member's credit;
 * - when the balance reaches zero the invoice becomes paid and rule 2 runs (member active,
 *   paid-through year, certificate).
 * The invoice row is taken FOR UPDATE, so two payments of one invoice are booked one after the
 * other, each seeing the balance the other left.
 */
export async function bookInvoicePaymentIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  payment: ReceivedPayment,
  options: BookingOptions,
): Promise<BookedPayment> {
  const field = options.invoiceField ?? 'params.iid';
  const amountField = options.amountField ?? 'body.amountMinor';
  const invoice = await lockRecord(trx, 'invoices', iid, { version: options.expectedVersion });
  const why = refusal(invoice, options.onPaidInvoice ?? 'refuse');
  if (why) {
    throw badInput(field, 'transition', `Invoice ${invoice.number} cannot be marked paid: ${why}.`);
  }
  const currency = invoice.currency.trim();
  if (payment.currency && payment.currency.trim() !== currency) {
    throw badInput(
      'body.currency',
      'currency',
      `The payment is in ${payment.currency}, invoice ${invoice.number} in ${currency}: book it by hand after converting.`,
    );
  }
  if (!Number.isSafeInteger(payment.amountMinor) || payment.amountMinor <= 0) {
    throw badInput(amountField, 'positive', 'The amount paid must be more than zero.');
  }
  if (payment.paidAt.getTime() > clock.nowMs() + 5 * 60_000) {
    throw badInput('body.paidAt', 'not-future', 'The payment date cannot be in the future.');
  }

  const open = Math.max(0, balanceOf(invoice));
  const settles = Math.min(payment.amountMinor, open);
  const surplus = payment.amountMinor - settles;
  const remaining = open - settles;
  const tolerance =
    remaining > 0 ? await paymentToleranceOf(trx, currency, Number(invoice.total_minor)) : 0;
  const writesOff = remaining > 0 && remaining <= tolerance ? remaining : 0;
  const bookedOn = bookingDayOf(payment.paidAt);
  const receivedBefore = await receivedSoFar(trx, iid);

  const movement = await addMovement(trx, actor, {
    kind: 'payment',
    member_mid: invoice.member_mid,
    invoice_iid: iid,
    currency,
    method: payment.method,
    source: payment.source,
    booked_on: bookedOn,
    amount_minor: payment.amountMinor,
    settlesMinor: settles,
    creditMinor: surplus,
    reference: payment.reference,
    reason: payment.reason ?? null,
    bank_entry_id: payment.bankEntryId ?? null,
    card_invoice_sid: payment.cardInvoiceSid ?? null,
  });
  const writeOff =
    writesOff > 0
      ? await addMovement(trx, actor, {
          kind: 'write-off',
          member_mid: invoice.member_mid,
          invoice_iid: iid,
          currency,
          method: null,
          source: payment.source,
          booked_on: bookedOn,
          amount_minor: writesOff,
          settlesMinor: writesOff,
          creditMinor: 0,
          reference: payment.reference,
          reason: 'bank charges',
          related_id: movement.id,
        })
      : null;

  const wasIssued = invoice.status === 'issued';
  const settled = await settleInvoiceIn(
    trx,
    actor,
    invoice,
    { paidMinor: settles, writtenOffMinor: writesOff },
    {
      action: 'payment',
      reason: payment.reason,
      completing: {
        paidAt: payment.paidAt,
        method: payment.method,
        reference: payment.reference,
        receivedMinor: receivedBefore + payment.amountMinor,
      },
    },
  );
  const balance = balanceOf(settled);
  const outcome: TPaymentOutcome = balance > 0 ? 'partial' : surplus > 0 ? 'overpaid' : 'paid';
  const result: BookedPayment = {
    invoice: settled,
    memberEffects: [],
    certificate: null,
    outcome,
    movement,
    writeOff,
    surplusMinor: surplus,
    balanceMinor: balance,
    summary: summaryOf(settled, payment.amountMinor, writesOff, surplus, balance),
  };
  if (wasIssued && settled.status === 'paid' && settled.kind === 'membership') {
    await applyMembershipPayment(trx, actor, settled, result, options);
  }
  return result;
}

function summaryOf(
  invoice: InvoiceRow,
  amount: number,
  writtenOff: number,
  surplus: number,
  balance: number,
): string {
  const money = (minor: number) => formatMoney(minor, invoice.currency.trim());
  const parts = [`${money(amount)} booked to invoice ${invoice.number}`];
  if (balance > 0) parts.push(`partially paid, ${money(balance)} still open`);
  else parts.push('paid');
  if (writtenOff > 0) parts.push(`${money(writtenOff)} written off as bank charges`);
  if (surplus > 0) parts.push(`${money(surplus)} to the member's credit`);
  return `${parts.join('; ')}.`;
}

/** The money an invoice received before this payment: its payments, less their reversals. */
async function receivedSoFar(trx: Trx, iid: string): Promise<number> {
  const row = await trx
    .selectFrom('money_movements as m')
    .select(
      sql<string>`coalesce(sum(CASE WHEN m.kind = 'payment' THEN m.amount_minor
        WHEN m.kind = 'reversal' AND r.kind = 'payment' THEN -m.amount_minor ELSE 0 END), 0)`.as(
        'received',
      ),
    )
    .leftJoin('money_movements as r', 'r.id', 'm.reverses_id')
    .where('m.invoice_iid', '=', iid)
    .executeTakeFirstOrThrow();
  return Number(row.received);
}
