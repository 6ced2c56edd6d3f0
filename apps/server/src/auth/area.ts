import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './routes';

/** Sign-in, sessions, password reset and e-mailed links: the authentication calls of spec §7. */
export const authArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
};
