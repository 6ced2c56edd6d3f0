import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRoutes } from './routes';

/** Users: the list, the detail and the account actions (disable, sign-in links, sessions). */
export const usersArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoutes);
};
