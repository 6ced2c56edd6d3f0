import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityRoutes } from './activity-routes';
import { auditRoutes } from './routes';

/**
 * The audit trail: a record's history (the History tab of every detail) and the activity log of
 * every record (issue 18).
 */
export const auditArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
  await app.register(activityRoutes);
};
