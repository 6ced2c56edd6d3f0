import { ZPortalStatementQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalMemberRoutes } from '../members';
import { checkStatementRange, statementPdfFileName } from './statement/data';
import { renderStatementPdf } from './statement/render';

/**
 * The member portal's statement of account (issue 35): the member's own, for a period it
 * chooses, the same PDF the console makes (in the member's language).
 */
export const portalStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'ledger');

  route.pdf({
    url: '/api/statement',
    summary:
      "The member's statement of account for a period as a PDF (inline; ?download=1 to save it): per currency the opening balance on `from`, every line of the period, the closing balance on `to` (at most today)",
    querystring: ZPortalStatementQuery,
    document: async (member, { query }) => {
      const { from, to, currency } = query;
      const range = { from, to, ...(currency ? { currency } : {}) };
      checkStatementRange(range, 'query');
      const { data, pdf } = await renderStatementPdf(app.deps.db, member.mid, range);
      return { fileName: statementPdfFileName(data.memberNumber, range), content: pdf };
    },
  });
};
