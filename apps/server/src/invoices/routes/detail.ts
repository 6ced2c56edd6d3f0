import { ZInvoiceDetail, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireInvoiceDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/invoices/:iid: one invoice. */
export const invoiceDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'GET',
    url: '/api/invoices/:iid',
    summary:
      'One invoice: member, lines, totals, bank account, payment and the actions its state allows',
    params: ZInvoiceParams,
    response: ZInvoiceDetail,
    handler: async (request) => requireInvoiceDetail(app.deps.db, request.params.iid),
  });
};
