import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateRoutes } from './routes';

/**
 * Certificates (the expiry sweep is a scheduled job, `jobs/tasks/`): the list, the detail, PDFs, issue and revoke, and the public
 * verification page.
 */
export const certificatesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(certificateRoutes);
};
