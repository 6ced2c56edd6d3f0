import { ZAuditHistoryPage, ZAuditHistoryParams, ZAuditHistoryQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { getAuditHistory } from './history';

/** The audit trail of one business record: the History tab of every detail screen. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit/:table/:id',
    {
      schema: {
        tags: ['audit'],
        summary:
          "A record's history, newest first: who changed which fields when, before → after (secrets never shown)",
        params: ZAuditHistoryParams,
        querystring: ZAuditHistoryQuery,
        response: { 200: ZAuditHistoryPage },
      },
    },
    async (request) =>
      getAuditHistory(app.deps.db, {
        ...request.params,
        ...request.query,
        viewerUid: requireSession(request).user.uid,
      }),
  );
};
