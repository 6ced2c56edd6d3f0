import { ZInvoicesListPage, ZInvoicesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listInvoices } from '../list';
import { apiRoutes } from '../../http/api-route';

/** GET /api/invoices: one page of the invoices list. */
export const listInvoicesRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'GET',
    url: '/api/invoices',
    summary:
      'The invoices list: filters (status, overdue, kind, year, currency, source, dates, member), q (number, payment reference or member), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZInvoicesListQuery,
    response: ZInvoicesListPage,
    handler: async (request) => listInvoices(app.deps.db, request.query),
  });
};
