import type { Transaction } from 'kysely';
import { formatMoney } from '@ops/contract/display-format';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { badInput } from '../../errors';
import { todayAtHeadquarters } from '../../lib/dates';
import {
  applyMembershipPayment,
  type PaymentOutcome,
  type RuleTwoContext,
} from '../payment-rule-two';
import { addMovement, memberCreditOf, type MovementRow } from './movements';
import { balanceOf, settleInvoiceIn } from './settle';
import { clock } from '../../lib/clock';

type Trx = Transaction<Database>;

/** Serialises every change of one member's credit in a currency (applying, refunding, reversing). */
async function lockMemberCredit(trx: Trx, mid: string, currency: string): Promise<void> {
  await trx
    .selectNoFrom((eb) =>
      eb
        .fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`credit:${mid}:${currency}`)])])
        .as('locked'),
    )
    .execute();
}

/**
 * Applies the member's credit in the invoice's currency to a newly issued invoice (issue 16:
 * "applied to the member's next invoice when it is issued"): as much as its balance, as one
 * `credit-applied` movement. An invoice the credit covers becomes paid, with rule 2.
 * Returns null when the member has no credit in that currency.
 */
export async function applyMemberCreditIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  context: RuleTwoContext,
): Promise<(PaymentOutcome & { appliedMinor: number; movement: MovementRow }) | null> {
  const invoice = await lockRecord(trx, 'invoices', iid);
  if (invoice.status !== 'issued' || !invoice.member_mid) return null;
  const currency = invoice.currency.trim();
  await lockMemberCredit(trx, invoice.member_mid, currency);
  const credit = await memberCreditOf(trx, invoice.member_mid, currency);
  const applied = Math.min(credit, balanceOf(invoice));
  if (applied <= 0) return null;
  const movement = await addMovement(trx, actor, {
    kind: 'credit-applied',
    member_mid: invoice.member_mid,
    invoice_iid: iid,
    currency,
    method: null,
    source: 'credit',
    booked_on: invoice.issue_date ?? todayAtHeadquarters(),
    amount_minor: applied,
    settlesMinor: applied,
    creditMinor: -applied,
    reference: null,
    reason: `Member credit applied to invoice ${invoice.number}`,
  });
  const settled = await settleInvoiceIn(
    trx,
    actor,
    invoice,
    { paidMinor: applied },
    {
      action: 'apply-credit',
      reason: movement.reason ?? undefined,
      completing: { paidAt: clock.now(), method: 'other', reference: 'Member credit' },
    },
  );
  const outcome = {
    invoice: settled,
    memberEffects: [],
    certificate: null,
    appliedMinor: applied,
    movement,
  };
  if (settled.status === 'paid' && settled.kind === 'membership') {
    await applyMembershipPayment(trx, actor, settled, outcome, context);
  }
  return outcome;
}

export type RefundInput = {
  memberMid: string;
  currency: string;
  amountMinor: number;
  method: 'bank-transfer' | 'card';
  bookedOn: string;
  reference: string | null;
  reason: string;
  cardInvoiceSid?: string;
  /**
   * A card refund can exceed the member's credit (the provider refunded a payment that settled
   * an invoice): the rest reopens this invoice's balance. Without it, more than the credit is
   * refused.
   */
  invoiceIid?: string;
};

/**
 * Pays member credit back (a bank transfer recorded by hand, or a card refund the provider
 * reports): one `refund` movement taking the amount from the member's credit, and, for a card
 * refund beyond the credit, from the invoice it had settled (which opens again).
 */
export async function refundMemberCreditIn(
  trx: Trx,
  actor: Actor,
  input: RefundInput,
): Promise<{ movement: MovementRow; message: string }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw badInput('body.amountMinor', 'positive', 'The amount refunded must be more than zero.');
  }
  const invoice = input.invoiceIid ? await lockRecord(trx, 'invoices', input.invoiceIid) : null;
  await lockMemberCredit(trx, input.memberMid, input.currency);
  const credit = Math.max(0, await memberCreditOf(trx, input.memberMid, input.currency));
  const fromCredit = Math.min(credit, input.amountMinor);
  const fromInvoice = input.amountMinor - fromCredit;
  if (fromInvoice > 0 && !invoice) {
    throw badInput(
      'body.amountMinor',
      'range',
      `The member has ${formatMoney(credit, input.currency)} of credit: no more can be refunded.`,
    );
  }
  const movement = await addMovement(trx, actor, {
    kind: 'refund',
    member_mid: input.memberMid,
    invoice_iid: fromInvoice > 0 ? (invoice?.iid ?? null) : null,
    currency: input.currency,
    method: input.method,
    source: input.method === 'card' ? 'card' : 'manual',
    booked_on: input.bookedOn,
    amount_minor: input.amountMinor,
    settlesMinor: -fromInvoice,
    creditMinor: -fromCredit,
    reference: input.reference,
    reason: input.reason,
    card_invoice_sid: input.cardInvoiceSid ?? null,
  });
  if (fromInvoice > 0 && invoice) {
    await settleInvoiceIn(
      trx,
      actor,
      invoice,
      { paidMinor: -fromInvoice },
      { action: 'refund', reason: input.reason },
    );
  }
  return {
    movement,
    message: `${formatMoney(input.amountMinor, input.currency)} refunded${fromInvoice > 0 && invoice ? `; invoice ${invoice.number} is open again with ${formatMoney(fromInvoice, input.currency)}` : ''}.`,
  };
}
