import { ZHomeOverview } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHomeOverview } from './service';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home/overview',
    {
      schema: {
        tags: ['home'],
        summary: "The start page's counts of work that needs action",
        response: { 200: ZHomeOverview },
      },
    },
    async () => getHomeOverview(app.deps.db),
  );
};
