import { ZBankStatementsListPage, ZBankStatementsListQuery } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBankStatements } from '../list';
import { apiRoutes } from '../../http/api-route';

/** GET /api/bank-statements: one page of the imported statements. */
export const listBankStatementsRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'GET',
    url: '/api/bank-statements',
    summary:
      'The imported bank statements: filters (account, kind, has open entries), q (statement id, IBAN, file name), sort, keyset pages and the total',
    querystring: ZBankStatementsListQuery,
    response: ZBankStatementsListPage,
    handler: async (request) => listBankStatements(app.deps.db, request.query),
  });
};
