import { ZInvoiceRenewalRequest, ZInvoiceRenewalRun } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { toRenewalRun } from '../renewal';
import { startRenewalRun } from '../renewal-job';

/**
 * POST /api/invoices/renewals: starts a year's renewal run as a job on the queue (202), queued
 * in the transaction that records the run; any instance's job runner runs it, and another takes
 * it over if that one dies.
 */
export const startRenewalRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invoices/renewals',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          "Starts the renewal run of a year (or answers the one running): the year's membership invoices for every active member without one; poll the run for progress",
        body: ZInvoiceRenewalRequest,
        response: { 202: ZInvoiceRenewalRun },
      },
    },
    async (request, reply) => {
      const { run } = await startRenewalRun(app.deps.db, operatorActor(request), request.body);
      return reply.status(202).send(toRenewalRun(run));
    },
  );
};
