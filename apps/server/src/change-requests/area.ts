import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalChangeRequestRoutes } from './portal-routes';
import { changeRequestRoutes } from './routes';

/** Change requests (issue 35): the console's queue and its setting. */
export const changeRequestsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(changeRequestRoutes);
};

/** The member portal's company data: read it, change it, follow the requests. */
export const portalCompanyArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalChangeRequestRoutes);
};
