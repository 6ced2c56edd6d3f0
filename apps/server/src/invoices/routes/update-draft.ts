import { ZInvoiceDetail, ZInvoiceDraftUpdate, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { updateInvoiceDraft } from '../drafts';

/** PATCH /api/invoices/:iid: replaces a draft at the version read. */
export const updateInvoiceDraftRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/invoices/:iid',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          'Replaces a draft (member, dates, account, lines) at the version read; only drafts',
        params: ZInvoiceParams,
        body: ZInvoiceDraftUpdate,
        response: { 200: ZInvoiceDetail },
      },
    },
    async (request) =>
      updateInvoiceDraft(app.deps.db, operatorActor(request), request.params.iid, request.body),
  );
};
