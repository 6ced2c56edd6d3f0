import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalDataExportRoutes } from './portal-routes';

/** "Download our data" (issue 35), on the portal. */
export const portalDataExportArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalDataExportRoutes);
};
