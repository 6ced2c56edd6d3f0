import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailRoutes } from './routes';

/** E-mails: the log of every e-mail sent, its attempts and retries. */
export const emailsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(emailRoutes);
};
