import { ZInvoiceRenewalRequest, ZInvoiceRenewalRun } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { createRenewalRun, runRenewal, toRenewalRun } from '../renewal';

/** POST /api/invoices/renewals: starts a year's renewal run in the background (202). */
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
      const actor = operatorActor(request);
      const { run, isNew } = await createRenewalRun(app.deps.db, actor, request.body);
      if (isNew) {
        runRenewal(app.deps.db, actor, run.id, {
          mailFrom: app.deps.config.mailFrom,
          publicUrl: app.deps.config.publicUrl,
          log: app.log,
        }).catch((error: unknown) =>
          app.log.error({ err: error, runId: run.id }, 'invoice renewal run failed'),
        );
      }
      return reply.status(202).send(toRenewalRun(run));
    },
  );
};
