import { ZCreditableInvoice, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreditableInvoice } from '../creditable';

/** GET /api/invoices/:iid/credit-notes: what a credit note can still take of each line. */
export const creditableInvoiceRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/:iid/credit-notes',
    {
      schema: {
        tags: ['credit-notes'],
        summary:
          "An invoice's credit notes, and each line with what they took of it and what is left to credit",
        params: ZInvoiceParams,
        response: { 200: ZCreditableInvoice },
      },
    },
    async (request) => getCreditableInvoice(app.deps.db, request.params.iid),
  );
};
