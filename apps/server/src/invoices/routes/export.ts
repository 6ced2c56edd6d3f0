import { ZInvoicesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../lists';
import { invoicesExportColumns, invoicesExportListFor, membersOfFilters } from '../list';

/** GET /api/invoices/export: the whole selection of the list as CSV. */
export const exportInvoicesRoute: FastifyPluginAsyncZod = async (app) => {
  listExportRoute(app, 'invoices', {
    summary:
      'CSV of every invoice the same filters, q and sort select (amounts in major units), streamed',
    listQuery: ZInvoicesListQuery,
    list: async (query) =>
      invoicesExportListFor({ ...query, limit: 1 }, await membersOfFilters(app.deps.db, query)),
    columns: invoicesExportColumns,
  });
};
