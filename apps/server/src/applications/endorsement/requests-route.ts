import { ZEndorsementRequestList } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { endorsementRequestsFor } from './for-association-user';

/**
 * `GET /api/endorsement-requests` on the portal: what waits for the signed-in person's national
 * association (its owner and admin users only; anyone else gets an empty list).
 */
export const endorsementRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'endorsements');

  route({
    method: 'GET',
    url: '/api/endorsement-requests',
    summary:
      "The endorsement requests waiting for the signed-in person's association (its owner and admin users), each with its page",
    response: ZEndorsementRequestList,
    handler: async (request) => ({
      items: await endorsementRequestsFor(app.deps.db, requireSession(request).user.uid),
    }),
  });
};
