import {
  ZPortalCertificateList,
  ZPortalCertificateParams,
  ZPortalMemberQuery,
  ZPortalPdfQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { documentContentSecurityPolicy } from '../http/inline-document';
import { pdfReply } from '../lib/pdf-reply';
import { portalMemberOf } from '../members';
import { getMemberCertificatePdf, listMemberCertificates } from './portal/member-certificates';

/**
 * The member portal's certificates (issue 35): the member's, each with its public verification
 * page, which stays on the console's origin (PUBLIC_URL/verify/{code}, printed on the PDF).
 */
export const portalCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'certificates');
  const { db } = app.deps;
  const { publicUrl } = app.deps.config;

  route({
    method: 'GET',
    url: '/api/certificates',
    summary:
      "The member's certificates, current and past, newest first, each with its verification link",
    querystring: ZPortalMemberQuery,
    response: ZPortalCertificateList,
    handler: async (request) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      return { items: await listMemberCertificates(db, member.mid, publicUrl) };
    },
  });

  app.get(
    '/api/certificates/:cid/pdf',
    {
      schema: {
        tags: ['certificates'],
        summary:
          "One of the member's certificates as a PDF (inline; ?download=1 to save it); another member's is a 404",
        params: ZPortalCertificateParams,
        querystring: ZPortalPdfQuery,
      },
    },
    async (request, reply) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      const pdf = await getMemberCertificatePdf(db, member.mid, request.params.cid, publicUrl);
      return pdfReply(reply, `certificate-${pdf.number}.pdf`, request.query.download)
        .header('content-security-policy', documentContentSecurityPolicy)
        .header('cache-control', 'private, no-cache')
        .send(pdf.content);
    },
  );
};
