import { ZCertificateDetail, ZCertificateParams, ZRevokeCertificateRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { getCertificate } from '../detail';
import { revokeCertificate } from '../revoke';

/** POST /api/certificates/:cid/revoke: revokes an issued certificate at the version read. */
export const revokeCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

  app.post(
    '/api/certificates/:cid/revoke',
    {
      config: { permission: 'certificates.manage' },
      schema: {
        tags: ['certificates'],
        summary: 'Revoke an issued certificate with a reason (version checked)',
        params: ZCertificateParams,
        body: ZRevokeCertificateRequest,
        response: { 200: ZCertificateDetail },
      },
    },
    async (request) => {
      await revokeCertificate(
        app.deps.db,
        operatorActor(request),
        request.params.cid,
        request.body,
      );
      return getCertificate(app.deps.db, request.params.cid, publicUrl);
    },
  );
};
