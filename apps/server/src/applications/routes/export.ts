import {
  applicationsList as applicationsListColumns,
  listExportColumns,
  ZApplicationsListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendListExport } from '../../lists';
import { applicationsList } from '../list';

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
const exportColumns = listExportColumns(applicationsListColumns);

/** GET /api/applications/export: the whole selection of the list as CSV. */
export const exportApplicationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications/export',
    {
      schema: {
        tags: ['applications'],
        summary:
          'CSV of every application the same filters, q and sort select (not only a page), streamed',
        querystring: ZApplicationsListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: applicationsList,
        query: request.query,
        columns: exportColumns,
        filename: 'applications',
      }),
  );
};
