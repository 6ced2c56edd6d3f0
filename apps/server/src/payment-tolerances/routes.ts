import {
  ZPaymentToleranceParams,
  ZPaymentToleranceResult,
  ZPaymentTolerances,
  ZPaymentToleranceUpdate,
} from '@ops/contract/payment-tolerances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { listPaymentTolerances, updatePaymentTolerance } from './tolerances';
import { apiRoutes } from '../http/api-route';

/**
 * Payment tolerances (issue 16): per currency, the short payment written off as bank charges.
 * Read by every operator; changed by those who issue credit notes (finance and admin).
 */
export const paymentToleranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'payment-tolerances');

  route({
    method: 'GET',
    url: '/api/settings/payment-tolerances',
    summary: 'The payment tolerance of every invoice currency',
    response: ZPaymentTolerances,
    handler: async () => listPaymentTolerances(app.deps.db),
  });

  route({
    method: 'PUT',
    url: '/api/settings/payment-tolerances/:currency',
    permission: 'credit-notes.issue',
    summary:
      "Changes a currency's payment tolerance (ceiling and share of the total, the smaller applies), with the version read",
    params: ZPaymentToleranceParams,
    body: ZPaymentToleranceUpdate,
    response: ZPaymentToleranceResult,
    handler: async (request) =>
      updatePaymentTolerance(
        app.deps.db,
        operatorActor(request),
        request.params.currency,
        request.body,
      ),
  });
};
