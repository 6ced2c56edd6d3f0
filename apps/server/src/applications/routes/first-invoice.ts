import { ZApplicationParams } from '@ops/contract';
import { ZFirstInvoicePlan } from '@ops/contract/membership-billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFirstInvoicePlan } from '../first-invoice-plan';

/** GET /api/applications/:aid/first-invoice: what approving it today would bill. */
export const firstInvoicePlanRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications/:aid/first-invoice',
    {
      schema: {
        tags: ['applications'],
        summary:
          "What approving the application today would bill: the membership year, months and fee by the federation's first-year rule",
        params: ZApplicationParams,
        response: { 200: ZFirstInvoicePlan },
      },
    },
    async (request) => getFirstInvoicePlan(app.deps.db, request.params.aid),
  );
};
