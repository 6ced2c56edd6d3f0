import { ZInvoiceRenewalRun, ZInvoiceRenewalRunParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { getRenewalRun } from '../renewal';

/** GET /api/invoices/renewals/:runId: a renewal run's progress, polled by the screen. */
export const getRenewalRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/renewals/:runId',
    {
      schema: {
        tags: ['invoices'],
        summary: 'A renewal run: status, progress and counts',
        params: ZInvoiceRenewalRunParams,
        response: { 200: ZInvoiceRenewalRun },
      },
    },
    async (request) => {
      const run = await getRenewalRun(app.deps.db, request.params.runId);
      if (!run)
        throw new AppError('not-found', `No renewal run has the id ${request.params.runId}.`);
      return run;
    },
  );
};
