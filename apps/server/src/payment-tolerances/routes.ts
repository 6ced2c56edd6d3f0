import {
  ZPaymentToleranceParams,
  ZPaymentToleranceResult,
  ZPaymentTolerances,
  ZPaymentToleranceUpdate,
} from '@ops/contract/payment-tolerances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { listPaymentTolerances, updatePaymentTolerance } from './tolerances';

/**
 * Payment tolerances (issue 16): per currency, the short payment written off as bank charges.
 * Read by every operator; changed by those who issue credit notes (finance and admin).
 */
export const paymentToleranceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/payment-tolerances',
    {
      schema: {
        tags: ['payment-tolerances'],
        summary: 'The payment tolerance of every invoice currency',
        response: { 200: ZPaymentTolerances },
      },
    },
    async () => listPaymentTolerances(app.deps.db),
  );

  app.put(
    '/api/settings/payment-tolerances/:currency',
    {
      config: { permission: 'credit-notes.issue' },
      schema: {
        tags: ['payment-tolerances'],
        summary:
          "Changes a currency's payment tolerance (ceiling and share of the total, the smaller applies), with the version read",
        params: ZPaymentToleranceParams,
        body: ZPaymentToleranceUpdate,
        response: { 200: ZPaymentToleranceResult },
      },
    },
    async (request) =>
      updatePaymentTolerance(
        app.deps.db,
        operatorActor(request),
        request.params.currency,
        request.body,
      ),
  );
};
