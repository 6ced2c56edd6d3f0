import { ZPortalCreditNoteList, ZPortalCreditNoteParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalMemberRoutes } from '../members';
import { getMemberCreditNotePdf, listMemberCreditNotes } from './portal/member-credit-notes';

/** The member portal's credit notes (issue 35): the signed-in user's member's only. */
export const portalCreditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'credit-notes');
  const { db } = app.deps;

  route.read({
    url: '/api/credit-notes',
    summary: "The member's credit notes, newest first, each with the invoice it credits",
    response: ZPortalCreditNoteList,
    handler: async (member) => ({ items: await listMemberCreditNotes(db, member.mid) }),
  });

  route.pdf({
    url: '/api/credit-notes/:cnid/pdf',
    summary:
      "One of the member's credit notes as a PDF (inline; ?download=1 to save it); another member's is a 404",
    params: ZPortalCreditNoteParams,
    document: (member, { params: { cnid } }) => getMemberCreditNotePdf(db, member.mid, cnid),
  });
};
