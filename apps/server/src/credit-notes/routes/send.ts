import { ZCreditNoteParams, ZCreditNoteSendResult, ZDocumentSendRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { sendCreditNote } from '../send';
import { apiRoutes } from '../../http/api-route';

/**
 * POST /api/credit-notes/:cnid/send: e-mails the credit note's PDF to its member, or to the
 * address in `to` (Send again, issue 32).
 */
export const sendCreditNoteRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');

  route({
    method: 'POST',
    url: '/api/credit-notes/:cnid/send',
    permission: 'credit-notes.issue',
    summary:
      "E-mail the credit note's PDF to the member's address or to `to`, audited on the credit note (400 when the member has no address and none is given; 429 when it went to the same address less than a minute ago)",
    params: ZCreditNoteParams,
    body: ZDocumentSendRequest,
    response: ZCreditNoteSendResult,
    handler: async (request) =>
      sendCreditNote(
        app.deps.db,
        operatorActor(request),
        request.params.cnid,
        app.deps.config.mailFrom,
        request.body,
      ),
  });
};
