import { ZCertificateDetail, ZCertificateParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCertificate } from '../detail';

/** GET /api/certificates/:cid: one certificate. */
export const certificateDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

  app.get(
    '/api/certificates/:cid',
    {
      schema: {
        tags: ['certificates'],
        summary: 'One certificate: member, validity, status, invoice, who issued it, verification',
        params: ZCertificateParams,
        response: { 200: ZCertificateDetail },
      },
    },
    async (request) => getCertificate(app.deps.db, request.params.cid, publicUrl),
  );
};
