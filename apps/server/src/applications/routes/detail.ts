import { ZApplicationDetail, ZApplicationParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApplicationDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/applications/:aid: one application. */
export const applicationDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'GET',
    url: '/api/applications/:aid',
    summary: 'One application with its company, contacts, endorsement, documents and outcome',
    params: ZApplicationParams,
    response: ZApplicationDetail,
    handler: async (request) => getApplicationDetail(app.deps.db, request.params.aid),
  });
};
