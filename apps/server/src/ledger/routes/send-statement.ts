import { ZLedgerParams, ZStatementSendRequest, ZStatementSendResult } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStatement } from '../statement/send';

/** E-mails the member its statement of account for a period. */
export const sendStatementRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/members/:mid/statement/send',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['members'],
        summary:
          'E-mail the member its statement of account for a period (the PDF attached, through the outbox); 400 `no-address` when the member has no e-mail address',
        params: ZLedgerParams,
        body: ZStatementSendRequest,
        response: { 200: ZStatementSendResult },
      },
    },
    async (request) =>
      sendStatement(app.deps.db, request.params.mid, request.body, {
        mailFrom: app.deps.config.mailFrom,
      }),
  );
};
