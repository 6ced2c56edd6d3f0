import { ZInvoiceDetail, ZInvoiceDraftUpdate, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { updateInvoiceDraft } from '../drafts';
import { apiRoutes } from '../../http/api-route';

/** PATCH /api/invoices/:iid: replaces a draft at the version read. */
export const updateInvoiceDraftRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'PATCH',
    url: '/api/invoices/:iid',
    permission: 'invoices.edit',
    summary: 'Replaces a draft (member, dates, account, lines) at the version read; only drafts',
    params: ZInvoiceParams,
    body: ZInvoiceDraftUpdate,
    response: ZInvoiceDetail,
    handler: async (request) =>
      updateInvoiceDraft(app.deps.db, operatorActor(request), request.params.iid, request.body),
  });
};
