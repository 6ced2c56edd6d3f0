import { ZBankEntryDetail, ZBankEntryParams } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBankEntryDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/bank-entries/:beid: one entry with its booking. */
export const bankEntryDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'GET',
    url: '/api/bank-entries/:beid',
    summary:
      'One bank entry: payer, references, what became of it and why, its invoice, and its booking (reversed or not)',
    params: ZBankEntryParams,
    response: ZBankEntryDetail,
    handler: async (request) => requireBankEntryDetail(app.deps.db, request.params.beid),
  });
};
