import { ZInvoiceRenewalPreview, ZInvoiceRenewalPreviewQuery } from '@ops/contract/renewal-preview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { previewRenewal } from '../renewal-preview';
import { apiRoutes } from '../../http/api-route';

/** GET /api/invoices/renewals/preview?year=: what the year's renewal run would issue now. */
export const renewalPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'GET',
    url: '/api/invoices/renewals/preview',
    summary:
      "What the renewal run for a year would issue now (count and total per currency, the first members, the schedule's next run); writes nothing",
    querystring: ZInvoiceRenewalPreviewQuery,
    response: ZInvoiceRenewalPreview,
    handler: async (request) => previewRenewal(app.deps.db, request.query.year),
  });
};
