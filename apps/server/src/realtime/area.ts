import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalEventStreamRoutes } from './portal-routes';
import { eventStreamRoutes } from './routes';

/** The browser's one event stream: operator changes and record changes. */
export const realtimeArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventStreamRoutes);
};

/** The member portal's live events (issue 35): changes to the signed-in user's members. */
export const portalRealtimeArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalEventStreamRoutes);
};
