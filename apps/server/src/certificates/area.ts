import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateRoutes } from './routes';
import { portalCertificateRoutes } from './portal-routes';

/**
 * Certificates (the expiry sweep is a scheduled job, `jobs/tasks/`): the list, the detail, PDFs, issue and revoke, and the public
 * verification page.
 */
export const certificatesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(certificateRoutes);
};

/** The member portal's certificates (issue 35): the member's, with PDFs and verification links. */
export const portalCertificatesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalCertificateRoutes);
};
