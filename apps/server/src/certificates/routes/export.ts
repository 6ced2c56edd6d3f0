import {
  certificatesList as certificatesListColumns,
  listExportColumns,
  ZCertificatesListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendListExport } from '../../lists';
import { certificatesListFor } from '../list';

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
const exportColumns = listExportColumns(certificatesListColumns);

/** GET /api/certificates/export: the whole selection of the list as CSV. */
export const exportCertificatesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certificates/export',
    {
      schema: {
        tags: ['certificates'],
        summary: 'CSV of every certificate the same filters, q and sort select, streamed',
        querystring: ZCertificatesListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: certificatesListFor(request.query),
        query: request.query,
        columns: exportColumns,
        filename: 'certificates',
      }),
  );
};
