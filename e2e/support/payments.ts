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
