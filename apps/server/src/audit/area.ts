import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './routes';

/** The audit trail of a record (the History tab of every detail). */
export const auditArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
};
