import {
  ZBankEntryActionResult,
  ZBankEntryParams,
  ZIgnoreBankEntryRequest,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { ignoreBankEntry } from '../actions/ignore';
import { requireBankEntryDetail } from '../detail';

/** POST /api/bank-entries/:beid/ignore: "not a member payment", with a reason. */
export const ignoreBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bank-entries/:beid/ignore',
    {
      config: { permission: 'bank-statements.import' },
      schema: {
        tags: ['bank-statements'],
        summary:
          'Marks a payment of the queue "not a member payment" with a reason (version checked); reverse takes it back',
        params: ZBankEntryParams,
        body: ZIgnoreBankEntryRequest,
        response: { 200: ZBankEntryActionResult },
      },
    },
    async (request) => {
      const { beid } = request.params;
      const message = await ignoreBankEntry(
        app.deps.db,
        operatorActor(request),
        beid,
        request.body,
      );
      return { entry: await requireBankEntryDetail(app.deps.db, beid), message, memberEffects: [] };
    },
  );
};
