import {
  ZPortalInvoiceList,
  ZPortalInvoiceParams,
  ZPortalMemberQuery,
  ZPortalPdfQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { documentContentSecurityPolicy } from '../http/inline-document';
import { pdfReply } from '../lib/pdf-reply';
import { portalMemberOf } from '../members';
import { getMemberInvoicePdf, listMemberInvoices } from './portal/member-invoices';

/** The member portal's invoices (issue 35): the signed-in user's member's only. */
export const portalInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');
  const { db } = app.deps;

  route({
    method: 'GET',
    url: '/api/invoices',
    summary:
      "The member's invoices, newest first, each with what is still to pay (balanceMinor) and whether it is overdue",
    querystring: ZPortalMemberQuery,
    response: ZPortalInvoiceList,
    handler: async (request) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      return { items: await listMemberInvoices(db, member.mid) };
    },
  });

  app.get(
    '/api/invoices/:iid/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary:
          "One of the member's invoices as a PDF (inline; ?download=1 to save it); another member's is a 404",
        params: ZPortalInvoiceParams,
        querystring: ZPortalPdfQuery,
      },
    },
    async (request, reply) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      const pdf = await getMemberInvoicePdf(db, member.mid, request.params.iid);
      return pdfReply(reply, pdf.fileName, request.query.download)
        .header('content-security-policy', documentContentSecurityPolicy)
        .header('cache-control', 'private, no-cache')
        .send(pdf.content);
    },
  );
};
