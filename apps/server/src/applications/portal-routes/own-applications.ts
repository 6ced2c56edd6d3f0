import {
  ZPortalApplication,
  ZPortalApplicationList,
  ZPortalApplicationParams,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { getOwnApplication, listOwnApplications } from '../portal';

/** GET /api/applications and /api/applications/:aid on the portal: the caller's own only. */
export const ownApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'GET',
    url: '/api/applications',
    summary: "The signed-in person's applications, newest first",
    response: ZPortalApplicationList,
    handler: async (request) => ({
      items: await listOwnApplications(app.deps.db, requireSession(request).user.uid),
    }),
  });

  route({
    method: 'GET',
    url: '/api/applications/:aid',
    summary: "One of the signed-in person's applications (another's is a 404)",
    params: ZPortalApplicationParams,
    response: ZPortalApplication,
    handler: async (request) =>
      getOwnApplication(app.deps.db, requireSession(request).user.uid, request.params.aid),
  });
};
