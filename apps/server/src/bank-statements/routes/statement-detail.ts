import { ZBankStatementDetail, ZBankStatementParams } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBankStatementDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** GET /api/bank-statements/:bsid: one statement with its counts. */
export const bankStatementDetailRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'GET',
    url: '/api/bank-statements/:bsid',
    summary:
      'One imported statement: its account, period and counts (entries, booked, suggested, unmatched, ignored, duplicates); its entries are GET /api/bank-entries?statement=…',
    params: ZBankStatementParams,
    response: ZBankStatementDetail,
    handler: async (request) => requireBankStatementDetail(app.deps.db, request.params.bsid),
  });
};
