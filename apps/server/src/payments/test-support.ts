import Stripe from 'stripe';
import type { TestApp } from '../../test/app';

/** The signing secret test apps are configured with (STRIPE_WEBHOOK_SECRET). */
export const testWebhookSecret = 'whsec_test_operations_payments';

/** The environment a test app needs to take the provider's webhooks (`env` of `createTestApp`). */
export const webhookTestEnv = { STRIPE_WEBHOOK_SECRET: testWebhookSecret };

let sequence = 0;

/** A unique suffix for provider ids within a test file. */
export function nextId(prefix: string): string {
  sequence++;
  return `${prefix}_${Date.now().toString(36)}${String(sequence).padStart(4, '0')}`;
}

/** Seconds since the epoch, as the provider stamps events and invoices. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type InvoiceFields = {
  id: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountDue?: number;
  amountPaid?: number;
  currency?: string;
  created?: number;
  number?: string | null;
  customerEmail?: string;
  customerName?: string;
  dueDate?: number | null;
  paidAt?: number | null;
  metadata?: Record<string, string>;
};

/** A provider invoice object as an event carries it (the fields the console reads, and a few). */
export function invoiceObject(fields: InvoiceFields) {
  const amountDue = fields.amountDue ?? 95_000;
  const amountPaid = fields.amountPaid ?? (fields.status === 'paid' ? amountDue : 0);
  const created = fields.created ?? nowSeconds() - 3_600;
  return {
    id: fields.id,
    object: 'invoice',
    number:
      fields.number === undefined ? `OPS-${fields.id.slice(-6).toUpperCase()}` : fields.number,
    customer: 'cus_test_customer',
    customer_email: fields.customerEmail ?? 'billing@example.org',
    customer_name: fields.customerName ?? 'Example Forwarding AG',
    status: fields.status,
    amount_due: amountDue,
    amount_paid: amountPaid,
    amount_remaining: Math.max(0, amountDue - amountPaid),
    currency: (fields.currency ?? 'chf').toLowerCase(),
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${fields.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${fields.id}/pdf`,
    created,
    due_date: fields.dueDate === undefined ? created + 30 * 86_400 : fields.dueDate,
    livemode: false,
    metadata: fields.metadata ?? {},
    status_transitions: {
      finalized_at: fields.status === 'draft' ? null : created + 60,
      paid_at: fields.status === 'paid' ? (fields.paidAt ?? created + 120) : null,
      voided_at: fields.status === 'void' ? created + 120 : null,
      marked_uncollectible_at: fields.status === 'uncollectible' ? created + 120 : null,
    },
  };
}

/** An event as the provider sends it. */
export function eventOf(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
) {
  return {
    id: options.id ?? nextId('evt'),
    object: 'event',
    api_version: '2025-03-31.basil',
    created: options.created ?? nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Posts an event to the webhook signed with the secret, as the provider does. */
export function deliver(
  t: TestApp,
  event: unknown,
  options: { secret?: string; signature?: string | null; body?: string } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? testWebhookSecret,
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: options.body ?? payload,
  });
}
