import { ZApplicationsListPage, ZApplicationsListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listApplications } from '../list';
import { apiRoutes } from '../../http/api-route';

/** GET /api/applications: one page of the applications list (the review queue first). */
export const listApplicationsRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'GET',
    url: '/api/applications',
    summary:
      'The applications list, the review queue first: filters per column, full-text q, sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZApplicationsListQuery,
    response: ZApplicationsListPage,
    handler: async (request) => listApplications(app.deps.db, request.query),
  });
};
