import { ZLedgerParams, ZStatementSendRequest, ZStatementSendResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { sendStatement } from '../statement/send';
import { apiRoutes } from '../../http/api-route';

/** E-mails the member its statement of account for a period. */
export const sendStatementRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'members');

  route({
    method: 'POST',
    url: '/api/members/:mid/statement/send',
    permission: 'invoices.edit',
    summary:
      'E-mail the member its statement of account for a period (the PDF attached, through the outbox), audited on the member; 400 `no-address` when the member has no e-mail address; 429 when the same statement went to the same address less than a minute ago',
    params: ZLedgerParams,
    body: ZStatementSendRequest,
    response: ZStatementSendResult,
    handler: async (request) =>
      sendStatement(app.deps.db, operatorActor(request), request.params.mid, request.body, {
        mailFrom: app.deps.config.mailFrom,
      }),
  });
};
