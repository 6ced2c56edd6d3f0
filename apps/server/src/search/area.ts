import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchServiceRoutes } from './service-routes';
import { searchIndexRoutes } from './routes';

/** Search: the engine-compatible search service the palette calls, and the search indexes screen. */
export const searchArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchServiceRoutes);
  await app.register(searchIndexRoutes);
};
