import {
  ZMembersBulkStatusRequest,
  ZMembersBulkStatusResult,
  ZMembersListPage,
  ZMembersListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { listExportRoute } from '../lists';
import { changeMembersStatus } from './bulk';
import { countriesOfRegions, listMembers, membersListFor } from './list';
import { apiRoutes } from '../http/api-route';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'members');

  route({
    method: 'GET',
    url: '/api/members',
    summary:
      'The members list: filters per column, full-text q, sort, keyset pages (cursor) and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZMembersListQuery,
    response: ZMembersListPage,
    handler: async (request) => listMembers(app.deps.db, request.query),
  });

  route({
    method: 'POST',
    url: '/api/members/bulk/status',
    permission: 'members.edit',
    summary:
      'Moves the selected members (ids, or every member of a view) to a status, where their life cycle allows; the rest are counted as skipped',
    body: ZMembersBulkStatusRequest,
    response: ZMembersBulkStatusResult,
    handler: async (request) =>
      changeMembersStatus(app.deps.db, operatorActor(request), request.body, request.log),
  });

  listExportRoute(app, 'members', {
    summary: 'CSV of every member the same filters, q and sort select (not only a page), streamed',
    listQuery: ZMembersListQuery,
    list: async (query) => membersListFor(query, await countriesOfRegions(app.deps.db, query)),
  });
};
