import { ZBankEntriesListPage, ZBankEntriesListQuery } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBankEntries } from '../entries-list';

/** GET /api/bank-entries: one page of bank entries (a statement's, or the queue). */
export const listBankEntriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bank-entries',
    {
      schema: {
        tags: ['bank-statements'],
        summary:
          'Transactions of imported statements: filters (statement, state, currency, booking date; the Unmatched payments queue is state=suggested,unmatched), q (payer, IBAN, references, text), sort, keyset pages and the total',
        querystring: ZBankEntriesListQuery,
        response: { 200: ZBankEntriesListPage },
      },
    },
    async (request) => listBankEntries(app.deps.db, request.query),
  );
};
