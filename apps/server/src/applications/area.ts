import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationRoutes } from './routes';

/** Applications: the list, the detail, the review workflow and its documents. */
export const applicationsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(applicationRoutes);
};
