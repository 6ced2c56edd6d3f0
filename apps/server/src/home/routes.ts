import { ZHomeOverview } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHomeOverview } from './service';
import { apiRoutes } from '../http/api-route';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'home');

  route({
    method: 'GET',
    url: '/api/home/overview',
    summary: "The start page's counts of work that needs action",
    response: ZHomeOverview,
    handler: async () => getHomeOverview(app.deps.db),
  });
};
