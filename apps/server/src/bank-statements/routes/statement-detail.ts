import { ZBankStatementDetail, ZBankStatementParams } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBankStatementDetail } from '../detail';

/** GET /api/bank-statements/:bsid: one statement with its counts. */
export const bankStatementDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bank-statements/:bsid',
    {
      schema: {
        tags: ['bank-statements'],
        summary:
          'One imported statement: its account, period and counts (entries, booked, suggested, unmatched, ignored, duplicates); its entries are GET /api/bank-entries?statement=…',
        params: ZBankStatementParams,
        response: { 200: ZBankStatementDetail },
      },
    },
    async (request) => requireBankStatementDetail(app.deps.db, request.params.bsid),
  );
};
