import { ZMembersListPage, ZMembersListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMembers } from './list';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members',
    {
      schema: {
        tags: ['members'],
        summary:
          'The members list: filters per column, full-text q, sort, keyset pages (cursor) and an estimated total',
        querystring: ZMembersListQuery,
        response: { 200: ZMembersListPage },
      },
    },
    async (request) => listMembers(app.deps.db, request.query),
  );
};
