import { ZLedgerParams, ZLedgerQuery, ZMemberLedger } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMemberLedger } from '../read-ledger';
import { apiRoutes } from '../../http/api-route';

/** The member's ledger: every invoice and movement of money per currency, running balance. */
export const getLedgerRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'members');

  route({
    method: 'GET',
    url: '/api/members/:mid/ledger',
    summary:
      "The member's ledger per currency: every invoice, payment, write-off, credit note, applied credit, refund and reversal in date order with the running balance (what the member owes; negative: in credit), the open balance and the credit",
    params: ZLedgerParams,
    querystring: ZLedgerQuery,
    response: ZMemberLedger,
    handler: async (request) =>
      getMemberLedger(app.deps.db, request.params.mid, { currency: request.query.currency }),
  });
};
