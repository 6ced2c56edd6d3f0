import {
  ZPortalCreditNoteList,
  ZPortalCreditNoteParams,
  ZPortalMemberQuery,
  ZPortalPdfQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { pdfReply } from '../lib/pdf-reply';
import { portalMemberOf } from '../members';
import { getMemberCreditNotePdf, listMemberCreditNotes } from './portal/member-credit-notes';

/** The member portal's credit notes (issue 35): the signed-in user's member's only. */
export const portalCreditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');
  const { db } = app.deps;

  route({
    method: 'GET',
    url: '/api/credit-notes',
    summary: "The member's credit notes, newest first, each with the invoice it credits",
    querystring: ZPortalMemberQuery,
    response: ZPortalCreditNoteList,
    handler: async (request) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      return { items: await listMemberCreditNotes(db, member.mid) };
    },
  });

  app.get(
    '/api/credit-notes/:cnid/pdf',
    {
      schema: {
        tags: ['credit-notes'],
        summary:
          "One of the member's credit notes as a PDF (inline; ?download=1 to save it); another member's is a 404",
        params: ZPortalCreditNoteParams,
        querystring: ZPortalPdfQuery,
      },
    },
    async (request, reply) => {
      const member = await portalMemberOf(
        db,
        requireSession(request).user.uid,
        request.query.member,
      );
      const pdf = await getMemberCreditNotePdf(db, member.mid, request.params.cnid);
      return pdfReply(reply, pdf.fileName, request.query.download)
        .header('cache-control', 'private, no-cache')
        .send(pdf.content);
    },
  );
};
