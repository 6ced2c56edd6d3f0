import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeRoutes } from './routes';

/** Ops, the start page: the counts that need action. */
export const homeArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(homeRoutes);
};
