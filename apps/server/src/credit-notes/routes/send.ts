import { ZCreditNoteParams, ZCreditNoteSendResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCreditNote } from '../send';

/** POST /api/credit-notes/:cnid/send: e-mails the credit note's PDF to its member. */
export const sendCreditNoteRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/credit-notes/:cnid/send',
    {
      config: { permission: 'credit-notes.issue' },
      schema: {
        tags: ['credit-notes'],
        summary: "E-mail the credit note's PDF to the member (400 when the member has no address)",
        params: ZCreditNoteParams,
        response: { 200: ZCreditNoteSendResult },
      },
    },
    async (request) => sendCreditNote(app.deps.db, request.params.cnid, app.deps.config.mailFrom),
  );
};
