import { ZInvoiceDetail, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireInvoiceDetail } from '../detail';

/** GET /api/invoices/:iid: one invoice. */
export const invoiceDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/:iid',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'One invoice: member, lines, totals, bank account, payment and the actions its state allows',
        params: ZInvoiceParams,
        response: { 200: ZInvoiceDetail },
      },
    },
    async (request) => requireInvoiceDetail(app.deps.db, request.params.iid),
  );
};
