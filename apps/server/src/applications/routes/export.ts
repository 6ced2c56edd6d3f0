import { ZApplicationsListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../lists';
import { applicationsList } from '../list';

/** GET /api/applications/export: the whole selection of the list as CSV. */
export const exportApplicationsRoute: FastifyPluginAsyncZod = async (app) => {
  listExportRoute(app, 'applications', {
    summary:
      'CSV of every application the same filters, q and sort select (not only a page), streamed',
    listQuery: ZApplicationsListQuery,
    list: () => applicationsList,
  });
};
