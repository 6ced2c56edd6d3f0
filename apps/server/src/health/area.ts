import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './routes';

/** Health checks: liveness (`/healthz`) and readiness (`/readyz`). */
export const healthArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
