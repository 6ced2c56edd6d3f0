import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { functionRoutes } from './routes';

/** The callable functions of spec §7/§8. */
export const functionsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(functionRoutes);
};
