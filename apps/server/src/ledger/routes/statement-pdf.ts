import { ZLedgerParams, ZStatementQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentContentSecurityPolicy } from '../../http/inline-document';
import { pdfReply } from '../../lib/pdf-reply';
import { checkStatementRange, statementPdfFileName } from '../statement/data';
import { renderStatementPdf } from '../statement/render';

/** The member's statement of account for a period, as a PDF. */
export const statementPdfRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/:mid/statement.pdf',
    {
      schema: {
        tags: ['members'],
        summary:
          'Statement of account for a period as a PDF (inline; ?download=1 as an attachment): per currency the opening balance on `from`, every line of the period, the closing balance on `to`',
        params: ZLedgerParams,
        querystring: ZStatementQuery,
      },
    },
    async (request, reply) => {
      const { download, ...range } = request.query;
      checkStatementRange(range, 'query');
      const { data, pdf } = await renderStatementPdf(app.deps.db, request.params.mid, range);
      return pdfReply(reply, statementPdfFileName(data.memberNumber, range), download)
        .header('content-security-policy', documentContentSecurityPolicy)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
