import { ZInvoiceDetail, ZInvoiceDraftRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { createInvoiceDraft } from '../drafts';
import { apiRoutes } from '../../http/api-route';

/** POST /api/invoices: a new draft. */
export const createInvoiceDraftRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/invoices',
    permission: 'invoices.edit',
    summary: 'Creates a draft invoice; totals are computed from the lines',
    body: ZInvoiceDraftRequest,
    response: ZInvoiceDetail,
    status: 201,
    handler: async (request) =>
      await createInvoiceDraft(app.deps.db, operatorActor(request), request.body),
  });
};
