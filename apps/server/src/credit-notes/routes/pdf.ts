import { ZCreditNoteParams } from '@ops/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfReply } from '../../lib/pdf-reply';
import { getCreditNoteDetail } from '../detail';
import { creditNotePdfFileName } from '../pdf/data';
import { renderCreditNotePdf } from '../pdf/render';

/** GET /api/credit-notes/:cnid/pdf: the credit note as a PDF (inline; ?download=1 to save). */
export const creditNotePdfRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credit-notes/:cnid/pdf',
    {
      schema: {
        tags: ['credit-notes'],
        summary:
          'The credit note as a PDF, in the invoice layout without a payment part (inline; ?download=1 as an attachment)',
        params: ZCreditNoteParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const note = await getCreditNoteDetail(app.deps.db, request.params.cnid);
      const pdf = await renderCreditNotePdf(app.deps.db, request.params.cnid);
      return pdfReply(reply, creditNotePdfFileName(note.number), request.query.download)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
