import { ZApplicationDetail, ZApplicationParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApplicationDetail } from '../detail';

/** GET /api/applications/:aid: one application. */
export const applicationDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/applications/:aid',
    {
      schema: {
        tags: ['applications'],
        summary: 'One application with its company, contacts, endorsement, documents and outcome',
        params: ZApplicationParams,
        response: { 200: ZApplicationDetail },
      },
    },
    async (request) => getApplicationDetail(app.deps.db, request.params.aid),
  );
};
