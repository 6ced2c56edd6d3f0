import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateExpirySweep } from './expiry-sweep';
import { certificateRoutes } from './routes';

/**
 * Certificates: the expiry sweep, the list, the detail, PDFs, issue and revoke, and the public
 * verification page.
 */
export const certificatesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(certificateExpirySweep);
  await app.register(certificateRoutes);
};
