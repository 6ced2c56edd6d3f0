import { ZInvoiceDetail, ZInvoiceDraftRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { createInvoiceDraft } from '../drafts';

/** POST /api/invoices: a new draft. */
export const createInvoiceDraftRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invoices',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary: 'Creates a draft invoice; totals are computed from the lines',
        body: ZInvoiceDraftRequest,
        response: { 201: ZInvoiceDetail },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvoiceDraft(app.deps.db, operatorActor(request), request.body)),
  );
};
