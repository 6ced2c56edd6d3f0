import { ZInvoiceRenewalRequest, ZInvoiceRenewalRun } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { toRenewalRun } from '../renewal';
import { startRenewalRun } from '../renewal-job';
import { apiRoutes } from '../../http/api-route';

/**
 * POST /api/invoices/renewals: starts a year's renewal run as a job on the queue (202), queued
 * in the transaction that records the run; any instance's job runner runs it, and another takes
 * it over if that one dies.
 */
export const startRenewalRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/invoices/renewals',
    permission: 'invoices.edit',
    summary:
      "Starts the renewal run of a year (or answers the one running): the year's membership invoices for every active member without one; poll the run for progress",
    body: ZInvoiceRenewalRequest,
    response: ZInvoiceRenewalRun,
    status: 202,
    handler: async (request) => {
      const { run } = await startRenewalRun(app.deps.db, operatorActor(request), request.body);
      return toRenewalRun(run);
    },
  });
};
