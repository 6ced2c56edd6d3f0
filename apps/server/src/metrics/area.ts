import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsRoutes } from './routes';

/** `GET /metrics` (Prometheus) on the main port; see `routes.ts` for when it answers. */
export const metricsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(metricsRoutes);
};
