import { ZBankStatementsListPage, ZBankStatementsListQuery } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBankStatements } from '../list';

/** GET /api/bank-statements: one page of the imported statements. */
export const listBankStatementsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bank-statements',
    {
      schema: {
        tags: ['bank-statements'],
        summary:
          'The imported bank statements: filters (account, kind, has open entries), q (statement id, IBAN, file name), sort, keyset pages and the total',
        querystring: ZBankStatementsListQuery,
        response: { 200: ZBankStatementsListPage },
      },
    },
    async (request) => listBankStatements(app.deps.db, request.query),
  );
};
