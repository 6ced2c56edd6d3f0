import { ZAuditHistoryPage, ZAuditHistoryParams, ZAuditHistoryQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { getAuditHistory } from './history';
import { apiRoutes } from '../http/api-route';

/** The audit trail of one business record: the History tab of every detail screen. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'audit');

  route({
    method: 'GET',
    url: '/api/audit/:table/:id',
    summary:
      "A record's history, newest first: who changed which fields when, before → after (secrets never shown)",
    params: ZAuditHistoryParams,
    querystring: ZAuditHistoryQuery,
    response: ZAuditHistoryPage,
    handler: async (request) =>
      getAuditHistory(app.deps.db, {
        ...request.params,
        ...request.query,
        viewerUid: requireSession(request).user.uid,
      }),
  });
};
