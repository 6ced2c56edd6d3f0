import { ZInvoicesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendListExport } from '../../lists';
import { invoicesExportColumns, invoicesExportListFor, membersOfFilters } from '../list';

/** GET /api/invoices/export: the whole selection of the list as CSV. */
export const exportInvoicesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/export',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'CSV of every invoice the same filters, q and sort select (amounts in major units), streamed',
        querystring: ZInvoicesListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: invoicesExportListFor(
          { ...request.query, limit: 1 },
          await membersOfFilters(app.deps.db, request.query),
        ),
        query: request.query,
        columns: invoicesExportColumns,
        filename: 'invoices',
      }),
  );
};
