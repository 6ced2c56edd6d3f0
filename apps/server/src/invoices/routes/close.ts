import { ZInvoiceActionResult, ZInvoiceParams, ZInvoiceReasonRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { closeInvoice } from '../lifecycle';

/** POST /api/invoices/:iid/void and /uncollectible: the two ways an invoice closes unpaid. */
export const closeInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const to of ['void', 'uncollectible'] as const) {
    app.post(
      `/api/invoices/:iid/${to}`,
      {
        config: { permission: 'invoices.edit' },
        schema: {
          tags: ['invoices'],
          summary:
            to === 'void'
              ? 'Voids a draft or an issued invoice, with the reason'
              : 'Writes an issued invoice off as uncollectible, with the reason',
          params: ZInvoiceParams,
          body: ZInvoiceReasonRequest,
          response: { 200: ZInvoiceActionResult },
        },
      },
      async (request) =>
        closeInvoice(app.deps.db, operatorActor(request), request.params.iid, to, request.body),
    );
  }
};
