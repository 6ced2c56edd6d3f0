import { ZCertificateDetail, ZCertificateParams, ZRevokeCertificateRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { getCertificate } from '../detail';
import { revokeCertificate } from '../revoke';
import { apiRoutes } from '../../http/api-route';

/** POST /api/certificates/:cid/revoke: revokes an issued certificate at the version read. */
export const revokeCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'certificates');

  const publicUrl = app.deps.config.publicUrl;

  route({
    method: 'POST',
    url: '/api/certificates/:cid/revoke',
    permission: 'certificates.manage',
    summary: 'Revoke an issued certificate with a reason (version checked)',
    params: ZCertificateParams,
    body: ZRevokeCertificateRequest,
    response: ZCertificateDetail,
    handler: async (request) => {
      await revokeCertificate(
        app.deps.db,
        operatorActor(request),
        request.params.cid,
        request.body,
      );
      return getCertificate(app.deps.db, request.params.cid, publicUrl);
    },
  });
};
