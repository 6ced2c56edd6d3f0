import { formatMinorPlain, paymentMetadataKeys } from '@ops/contract';
import type { Selectable, Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Actor } from '../db/audit';
import type { Database, StripeInvoicesTable } from '../db/schema';
import { AppError } from '../errors';
import { bookingDayOf, refundMemberCreditIn } from '../invoices';
import { cardMoneyBooked } from './card-money';
import { clock } from '../lib/clock';

type Trx = Transaction<Database>;

/** The charge a `charge.refunded` event describes, if it is one with an id. */
export function refundedChargeOf(event: Stripe.Event): Stripe.Charge | null {
  if (event.type !== 'charge.refunded') return null;
  const object = event.data.object as Partial<Stripe.Charge> | undefined;
  if (!object || object.object !== 'charge' || typeof object.id !== 'string' || !object.id) {
    return null;
  }
  return object as Stripe.Charge;
}

/**
 * The provider invoice a charge paid. Accounts on API versions before 2025-03-31 still send
 * `charge.invoice`; newer ones do not, and the charge's own metadata may name our invoice.
 */
export function chargeInvoiceIdOf(charge: Stripe.Charge): string | null {
  const invoice = (charge as { invoice?: string | { id?: string } | null }).invoice;
  if (typeof invoice === 'string' && invoice) return invoice;
  return invoice && typeof invoice === 'object' && invoice.id ? invoice.id : null;
}

type CardInvoiceRow = Selectable<StripeInvoicesTable>;

/** The card invoice and our invoice a charge belongs to: by its provider invoice, else metadata. */
async function linkOf(trx: Trx, charge: Stripe.Charge) {
  const providerId = chargeInvoiceIdOf(charge);
  let card: CardInvoiceRow | undefined;
  if (providerId) {
    card = await trx
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('provider_invoice_id', '=', providerId)
      .executeTakeFirst();
  }
  const iid = card?.invoice_iid ?? charge.metadata?.[paymentMetadataKeys.invoice]?.trim() ?? null;
  const invoice = iid
    ? await trx
        .selectFrom('invoices')
        .select(['iid', 'number', 'member_mid', 'currency', 'card_invoice_sid'])
        .where('iid', '=', iid)
        .executeTakeFirst()
    : undefined;
  if (!card && invoice?.card_invoice_sid) {
    card = await trx
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('sid', '=', invoice.card_invoice_sid)
      .executeTakeFirst();
  }
  return { card: card ?? null, invoice: invoice ?? null, providerId };
}

/**
 * A card refund the provider reports (`charge.refunded`): recorded as a refund through the money
 * engine (`refundMemberCreditIn`), taken from the member's credit first and, beyond it, from the
 * invoice the charge paid (which opens again with that balance). The charge carries its whole
 * refunded amount, so each event records only what it adds to the refunds already recorded for
 * the charge (its id is the refund's reference). Whatever cannot be recorded is said in the
 * outcome, never a failed delivery: the provider would only send it again.
 */
export async function applyChargeRefund(
  trx: Trx,
  actor: Actor,
  event: Stripe.Event,
  charge: Stripe.Charge,
): Promise<{ sid: string | null; notes: string[] }> {
  const { card, invoice, providerId } = await linkOf(trx, charge);
  const currency = (charge.currency ?? '').toUpperCase();
  const refunded = `${currency} ${formatMinorPlain(charge.amount_refunded ?? 0)}`;
  const sid = card?.sid ?? null;
  const memberMid = invoice?.member_mid ?? card?.member_mid ?? null;
  if (!invoice || !memberMid) {
    return {
      sid,
      notes: [
        `Recorded; the refund of ${refunded} (charge ${charge.id}) is not linked to an invoice of ours${providerId ? ` (card-payment invoice ${providerId} is not linked)` : ''}: record it by hand if it was a member's payment.`,
      ],
    };
  }
  if (currency !== invoice.currency.trim()) {
    return {
      sid,
      notes: [
        `Not applied: the refund is in ${currency}, invoice ${invoice.number} in ${invoice.currency.trim()}. Record it by hand.`,
      ],
    };
  }
  const amountMinor =
    Number(charge.amount_refunded ?? 0) -
    (await cardMoneyBooked(trx, 'refund', { reference: charge.id }));
  if (amountMinor <= 0) {
    return {
      sid,
      notes: [`The refund of ${refunded} (charge ${charge.id}) is recorded already.`],
    };
  }
  const refundIds = (charge.refunds?.data ?? []).map((refund) => refund.id).filter(Boolean);
  try {
    const refund = await refundMemberCreditIn(trx, actor, {
      memberMid,
      currency,
      amountMinor,
      method: 'card',
      bookedOn: bookingDayOf(new Date(Math.min(event.created * 1000, clock.nowMs()))),
      reference: charge.id,
      reason: `Card refund${refundIds.length > 0 ? ` ${refundIds.join(', ')}` : ''} of charge ${charge.id}`,
      cardInvoiceSid: sid ?? undefined,
      invoiceIid: invoice.iid,
    });
    return { sid, notes: [`Card refund of invoice ${invoice.number}: ${refund.message}`] };
  } catch (error) {
    // The engine's refusals are checks made before it writes anything.
    if (!(error instanceof AppError)) throw error;
    return { sid, notes: [`Not applied: ${error.message}`] };
  }
}
