import { ZCreditNoteDetail, ZCreditNoteParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCreditNoteDetail } from '../detail';

/** GET /api/credit-notes/:cnid: one credit note with its invoice, member, lines and effect. */
export const creditNoteDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credit-notes/:cnid',
    {
      schema: {
        tags: ['credit-notes'],
        summary: 'One credit note: the invoice it credits, its lines, total, reason and effect',
        params: ZCreditNoteParams,
        response: { 200: ZCreditNoteDetail },
      },
    },
    async (request) => getCreditNoteDetail(app.deps.db, request.params.cnid),
  );
};
