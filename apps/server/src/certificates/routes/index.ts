import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateDetailRoute } from './detail';
import { exportCertificatesRoute } from './export';
import { issueCertificateRoute } from './issue';
import { listCertificatesRoute } from './list';
import { certificatePdfRoute } from './pdf';
import { revokeCertificateRoute } from './revoke';
import { verifyPageRoutes } from './verify-page';

export { verifyRateLimit } from './verify-page';

/**
 * Certificates: list, export, detail, PDF, issue and revoke; and the public verification page.
 * One file per operation, registered in this order (the order of the OpenAPI document).
 */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listCertificatesRoute);
  await app.register(exportCertificatesRoute);
  await app.register(certificateDetailRoute);
  await app.register(certificatePdfRoute);
  await app.register(issueCertificateRoute);
  await app.register(revokeCertificateRoute);
  await app.register(verifyPageRoutes);
};
