import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';

/** The card-payment webhook's signing secret of the e2e server (STRIPE_WEBHOOK_SECRET). */
export const e2eStripeWebhookSecret = 'whsec_e2e_card_payments';

/** A body and its Stripe-Signature, signed as the provider signs its deliveries. */
export function signedDelivery(event: unknown, secret = e2eStripeWebhookSecret) {
  const payload = JSON.stringify(event);
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

/** The provider's invoice as its events carry it. */
export function cardInvoice(
  id: string,
  status: 'open' | 'paid',
  created: number,
  member: { mid: string; iid: string; legalName: string; suffix: string },
) {
  return {
    id,
    object: 'invoice',
    number: `CARD-${member.suffix.toUpperCase()}`,
    customer: `cus_${member.suffix}`,
    customer_email: `billing-${member.suffix}@cargo.example`,
    customer_name: member.legalName,
    status,
    amount_due: 95_000,
    amount_paid: status === 'paid' ? 95_000 : 0,
    amount_remaining: status === 'paid' ? 0 : 95_000,
    currency: 'chf',
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_e2e/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_e2e/${id}/pdf`,
    created,
    due_date: created + 30 * 86_400,
    livemode: false,
    metadata: { invoice_id: member.iid, member_id: member.mid },
    status_transitions: {
      finalized_at: created + 60,
      paid_at: status === 'paid' ? created + 120 : null,
      voided_at: null,
      marked_uncollectible_at: null,
    },
  };
}

export function eventOf(type: string, object: object, created: number) {
  return {
    id: `evt_e2e_${type.replace('.', '_')}_${Math.random().toString(36).slice(2, 12)}`,
    object: 'event',
    api_version: '2025-03-31.basil',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts an event to the console's webhook signed as the provider signs it (no session, no Origin). */
export function postSignedEvent(request: APIRequestContext, event: unknown, secret?: string) {
  const { payload, signature } = signedDelivery(event, secret);
  return request.fetch('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
}
