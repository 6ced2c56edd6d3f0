import { ZPortalMemberQuery, ZPortalMembership } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { getPortalMembership } from './portal/membership';

/** GET /api/membership on the portal: the signed-in user's member (issue 35). */
export const portalMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'membership');

  route({
    method: 'GET',
    url: '/api/membership',
    summary:
      "The signed-in user's member: status, paid-through year, number and name, what is due, the user's role (404 for a user of no member)",
    querystring: ZPortalMemberQuery,
    response: ZPortalMembership,
    handler: async (request) =>
      getPortalMembership(app.deps.db, requireSession(request).user.uid, request.query.member),
  });
};
