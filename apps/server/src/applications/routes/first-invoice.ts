import { ZApplicationParams } from '@ops/contract';
import { ZFirstInvoicePlan } from '@ops/contract/membership-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFirstInvoicePlan } from '../first-invoice-plan';
import { apiRoutes } from '../../http/api-route';

/** GET /api/applications/:aid/first-invoice: what approving it today would bill. */
export const firstInvoicePlanRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'GET',
    url: '/api/applications/:aid/first-invoice',
    summary:
      "What approving the application today would bill: the membership year, months and fee by the federation's first-year rule",
    params: ZApplicationParams,
    response: ZFirstInvoicePlan,
    handler: async (request) => getFirstInvoicePlan(app.deps.db, request.params.aid),
  });
};
