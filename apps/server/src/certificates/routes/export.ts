import { ZCertificatesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../lists';
import { certificatesListFor } from '../list';

/** GET /api/certificates/export: the whole selection of the list as CSV. */
export const exportCertificatesRoute: FastifyPluginAsyncZod = async (app) => {
  listExportRoute(app, 'certificates', {
    summary: 'CSV of every certificate the same filters, q and sort select, streamed',
    listQuery: ZCertificatesListQuery,
    list: (query) => certificatesListFor(query),
  });
};
