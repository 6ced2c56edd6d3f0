import { ZBankEntryDetail, ZBankEntryParams } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireBankEntryDetail } from '../detail';

/** GET /api/bank-entries/:beid: one entry with its booking. */
export const bankEntryDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bank-entries/:beid',
    {
      schema: {
        tags: ['bank-statements'],
        summary:
          'One bank entry: payer, references, what became of it and why, its invoice, and its booking (reversed or not)',
        params: ZBankEntryParams,
        response: { 200: ZBankEntryDetail },
      },
    },
    async (request) => requireBankEntryDetail(app.deps.db, request.params.beid),
  );
};
