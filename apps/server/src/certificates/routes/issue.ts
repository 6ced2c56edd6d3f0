import { ZCertificateDetail, ZIssueCertificateRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { getCertificate } from '../detail';
import { issueMembershipCertificate } from '../issue';
import { apiRoutes } from '../../http/api-route';

/** POST /api/certificates: issues a member's certificate for a paid year (201). */
export const issueCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'certificates');

  const publicUrl = app.deps.config.publicUrl;

  route({
    method: 'POST',
    url: '/api/certificates',
    permission: 'certificates.manage',
    summary:
      'Issue the membership certificate of a member for a paid year (rule 2); supersedes the issued one of that year',
    body: ZIssueCertificateRequest,
    response: ZCertificateDetail,
    status: 201,
    handler: async (request) => {
      const cid = await issueMembershipCertificate(
        app.deps.db,
        operatorActor(request),
        request.body,
        { publicUrl, mailFrom: app.deps.config.mailFrom },
      );
      return getCertificate(app.deps.db, cid, publicUrl);
    },
  });
};
