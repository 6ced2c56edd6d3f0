import { ZBankEntriesListPage, ZBankEntriesListQuery } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listBankEntries } from '../entries-list';
import { apiRoutes } from '../../http/api-route';

/** GET /api/bank-entries: one page of bank entries (a statement's, or the queue). */
export const listBankEntriesRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'GET',
    url: '/api/bank-entries',
    summary:
      'Transactions of imported statements: filters (statement, state, currency, booking date; the Unmatched payments queue is state=suggested,unmatched), q (payer, IBAN, references, text), sort, keyset pages and the total',
    querystring: ZBankEntriesListQuery,
    response: ZBankEntriesListPage,
    handler: async (request) => listBankEntries(app.deps.db, request.query),
  });
};
