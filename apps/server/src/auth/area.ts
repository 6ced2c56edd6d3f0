import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, portalAuthRoutes } from './routes';

/** Sign-in, sessions, password reset and e-mailed links: the authentication calls of spec §7. */
export const authArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
};

/** The portal's sign-in (issue 34): the same calls on its own origin, cookie and sessions. */
export const portalAuthArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalAuthRoutes);
};
