import { ZInvoiceRenewalRun, ZInvoiceRenewalRunParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { getRenewalRun } from '../renewal';
import { apiRoutes } from '../../http/api-route';

/** GET /api/invoices/renewals/:runId: a renewal run's progress, polled by the screen. */
export const getRenewalRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'GET',
    url: '/api/invoices/renewals/:runId',
    summary: 'A renewal run: status, progress and counts',
    params: ZInvoiceRenewalRunParams,
    response: ZInvoiceRenewalRun,
    handler: async (request) => {
      const run = await getRenewalRun(app.deps.db, request.params.runId);
      if (!run)
        throw new AppError('not-found', `No renewal run has the id ${request.params.runId}.`);
      return run;
    },
  });
};
