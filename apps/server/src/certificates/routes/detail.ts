import { ZCertificateDetail, ZCertificateParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCertificate } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/certificates/:cid: one certificate. */
export const certificateDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'certificates');

  const publicUrl = app.deps.config.publicUrl;

  route({
    method: 'GET',
    url: '/api/certificates/:cid',
    summary: 'One certificate: member, validity, status, invoice, who issued it, verification',
    params: ZCertificateParams,
    response: ZCertificateDetail,
    handler: async (request) => getCertificate(app.deps.db, request.params.cid, publicUrl),
  });
};
