import { ZCertificateDetail, ZIssueCertificateRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { getCertificate } from '../detail';
import { issueMembershipCertificate } from '../issue';

/** POST /api/certificates: issues a member's certificate for a paid year (201). */
export const issueCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

  app.post(
    '/api/certificates',
    {
      config: { permission: 'certificates.manage' },
      schema: {
        tags: ['certificates'],
        summary:
          'Issue the membership certificate of a member for a paid year (rule 2); supersedes the issued one of that year',
        body: ZIssueCertificateRequest,
        response: { 201: ZCertificateDetail },
      },
    },
    async (request, reply) => {
      const cid = await issueMembershipCertificate(
        app.deps.db,
        operatorActor(request),
        request.body,
        { publicUrl, mailFrom: app.deps.config.mailFrom },
      );
      return reply.status(201).send(await getCertificate(app.deps.db, cid, publicUrl));
    },
  );
};
