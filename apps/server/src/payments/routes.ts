import {
  type TPaymentsListQuery,
  ZLinkPaymentRequest,
  ZLinkPaymentResult,
  ZPaymentDetail,
  ZPaymentParams,
  ZPaymentsListPage,
  ZPaymentsListQuery,
  ZStripeWebhookResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { mailContextOf } from '../http/mail-context';
import { listExportRoute } from '../lists';
import { getPayment } from './detail';
import { linkPayment } from './link';
import { listPayments, paymentsList } from './list';
import { receiveStripeEvent, verifyStripeEvent } from './webhook';
import { apiRoutes } from '../http/api-route';

/**
 * The largest webhook body taken. Stripe's events carry one object (an invoice with at most ten of
 * its lines, a payment), a few to a few dozen KB; this leaves ample room for long ones while a
 * public route no longer reads 10 MB (the API's limit) from anyone before the signature is checked.
 */
export const stripeWebhookBodyLimit = 512 * 1024;

/** E-mail filters compare in lower case, as the list's index holds addresses. */
const withLowerCaseEmail = <Q extends Pick<TPaymentsListQuery, 'customerEmail'>>(query: Q): Q => ({
  ...query,
  customerEmail: query.customerEmail?.toLowerCase(),
});

/**
 * Payments: the card-payment provider's invoices (list, export, detail, link) and the signed
 * webhook that keeps them current.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'payments');

  const options = mailContextOf(app);

  route({
    method: 'GET',
    url: '/api/payments',
    summary:
      'The Payments list (card-payment invoices): filters (status, currency, linked, created, due date, customer e-mail, member), q, sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZPaymentsListQuery,
    response: ZPaymentsListPage,
    handler: async (request) => listPayments(app.deps.db, request.query),
  });

  listExportRoute(app, 'payments', {
    summary: 'CSV of every card-payment invoice the same filters, q and sort select, streamed',
    listQuery: ZPaymentsListQuery,
    list: () => paymentsList,
    query: withLowerCaseEmail,
  });

  route({
    method: 'GET',
    url: '/api/payments/:sid',
    summary:
      'One card-payment invoice: amounts, customer, hosted page and PDF links, our invoice and member, and its webhook events with what each did',
    params: ZPaymentParams,
    response: ZPaymentDetail,
    handler: async (request) => getPayment(app.deps.db, request.params.sid),
  });

  route({
    method: 'POST',
    url: '/api/payments/:sid/link',
    permission: 'payments.manage',
    summary:
      'Link an unlinked card-payment invoice to one of our invoices by number (version checked); a paid one marks ours paid by card',
    params: ZPaymentParams,
    body: ZLinkPaymentRequest,
    response: ZLinkPaymentResult,
    handler: async (request) => {
      const message = await linkPayment(
        app.deps.db,
        operatorActor(request),
        request.params.sid,
        request.body,
        options,
      );
      return { payment: await getPayment(app.deps.db, request.params.sid), message };
    },
  });

  // The webhook: public to the session guard (the provider has no session; the signature is
  // its credential), and its own scope so that its body stays the raw bytes the signature
  // covers while every other route keeps parsing JSON.
  await app.register(async (scope) => {
    const webhook = scope.withTypeProvider<ZodTypeProvider>();
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      '/api/webhooks/stripe',
      {
        config: { access: 'public' },
        bodyLimit: stripeWebhookBodyLimit,
        schema: {
          tags: ['payments'],
          summary:
            'The card-payment provider’s webhook (Stripe): Stripe-Signature verified on the raw body with STRIPE_WEBHOOK_SECRET (400 when it does not verify, 503 without a secret); each event id is received once',
          response: { 200: ZStripeWebhookResult },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const event = verifyStripeEvent(
          rawBody,
          Array.isArray(header) ? header[0] : header,
          app.deps.config.stripeWebhookSecret,
        );
        const result = await receiveStripeEvent(app.deps.db, event, options);
        request.log.info(
          { eventId: event.id, type: event.type, duplicate: result.duplicate ?? false },
          'card-payment webhook received',
        );
        return result;
      },
    );
  });
};
