import { ZCreditableInvoice, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreditableInvoice } from '../creditable';
import { apiRoutes } from '../../http/api-route';

/** GET /api/invoices/:iid/credit-notes: what a credit note can still take of each line. */
export const creditableInvoiceRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');

  route({
    method: 'GET',
    url: '/api/invoices/:iid/credit-notes',
    summary:
      "An invoice's credit notes, and each line with what they took of it and what is left to credit",
    params: ZInvoiceParams,
    response: ZCreditableInvoice,
    handler: async (request) => getCreditableInvoice(app.deps.db, request.params.iid),
  });
};
