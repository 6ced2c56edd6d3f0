import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventStreamRoutes } from './routes';

/** The browser's one event stream: operator changes and record changes. */
export const realtimeArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventStreamRoutes);
};
