import { ZActivityFacets, ZActivityListPage, ZActivityListQuery } from '@ops/contract/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { listExportRoute } from '../lists';
import { activityExportColumns, activityExportListFor } from './activity-export';
import { getActivityFacets } from './facets';
import { listActivity } from './list';
import { apiRoutes } from '../http/api-route';

/**
 * The activity log (issue 18): every entry of the audit trail in one list, read only. Operators
 * only (the default access); what leaves is the changed fields, secrets never among them.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'audit');

  route({
    method: 'GET',
    url: '/api/activity',
    summary:
      'The activity log: every change of the console, newest first (who, when, which record, the fields before → after, the reason); filters (operator, record type, action, days at headquarters, record), keyset pages and the total (counted up to 10,000 entries, estimated above)',
    querystring: ZActivityListQuery,
    response: ZActivityListPage,
    handler: async (request) =>
      listActivity(app.deps.db, request.query, requireSession(request).user.uid),
  });

  listExportRoute(app, 'activity', {
    summary: 'CSV of every entry the same filters and sort select, streamed',
    listQuery: ZActivityListQuery,
    list: (query, request) => activityExportListFor(query, requireSession(request).user.uid),
    columns: activityExportColumns,
    tag: 'audit',
  });

  route({
    method: 'GET',
    url: '/api/activity/facets',
    summary:
      "The operator and action filters' choices: everyone who has an entry, and every action",
    response: ZActivityFacets,
    handler: async () => getActivityFacets(app.deps.db),
  });
};
