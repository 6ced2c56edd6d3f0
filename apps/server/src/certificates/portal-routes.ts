import { ZPortalCertificateList, ZPortalCertificateParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalMemberRoutes } from '../members';
import { getMemberCertificatePdf, listMemberCertificates } from './portal/member-certificates';

/**
 * The member portal's certificates (issue 35): the member's, each with its public verification
 * page, which stays on the console's origin (PUBLIC_URL/verify/{code}, printed on the PDF).
 */
export const portalCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'certificates');
  const { db } = app.deps;
  const { publicUrl } = app.deps.config;

  route.read({
    url: '/api/certificates',
    summary:
      "The member's certificates, current and past, newest first, each with its verification link",
    response: ZPortalCertificateList,
    handler: async (member) => ({
      items: await listMemberCertificates(db, member.mid, publicUrl),
    }),
  });

  route.pdf({
    url: '/api/certificates/:cid/pdf',
    summary:
      "One of the member's certificates as a PDF (inline; ?download=1 to save it); another member's is a 404",
    params: ZPortalCertificateParams,
    document: async (member, { params: { cid } }) => {
      const pdf = await getMemberCertificatePdf(db, member.mid, cid, publicUrl);
      return { fileName: `certificate-${pdf.number}.pdf`, content: pdf.content };
    },
  });
};
