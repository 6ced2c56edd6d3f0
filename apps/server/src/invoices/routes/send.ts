import { ZDocumentSendRequest, ZInvoiceParams, ZInvoiceSendResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { sendInvoiceAgain } from '../send-again';
import { apiRoutes } from '../../http/api-route';

/** POST /api/invoices/:iid/send: Send again, to the member's address or to `to` (issue 32). */
export const sendInvoiceRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/invoices/:iid/send',
    permission: 'invoices.edit',
    summary:
      "E-mail an issued or paid invoice again with its PDF, in the member's language, to the member's address or to `to`, audited on the invoice (400 `status` for a draft, void, uncollectible or credited invoice; 400 `no-address` when the member has none and none is given; 429 when it went to the same address less than a minute ago)",
    params: ZInvoiceParams,
    body: ZDocumentSendRequest,
    response: ZInvoiceSendResult,
    handler: async (request) =>
      sendInvoiceAgain(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        app.deps.config.mailFrom,
      ),
  });
};
