import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalDirectoryRoutes } from './portal-routes';

/** The public member directory and the members' entries in it (issue 35), on the portal. */
export const portalDirectoryArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalDirectoryRoutes);
};
