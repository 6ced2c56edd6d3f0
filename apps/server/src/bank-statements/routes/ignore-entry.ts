import {
  ZBankEntryActionResult,
  ZBankEntryParams,
  ZIgnoreBankEntryRequest,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { ignoreBankEntry } from '../actions/ignore';
import { requireBankEntryDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** POST /api/bank-entries/:beid/ignore: "not a member payment", with a reason. */
export const ignoreBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'POST',
    url: '/api/bank-entries/:beid/ignore',
    permission: 'bank-statements.import',
    summary:
      'Marks a payment of the queue "not a member payment" with a reason (version checked); reverse takes it back',
    params: ZBankEntryParams,
    body: ZIgnoreBankEntryRequest,
    response: ZBankEntryActionResult,
    handler: async (request) => {
      const { beid } = request.params;
      const message = await ignoreBankEntry(
        app.deps.db,
        operatorActor(request),
        beid,
        request.body,
      );
      return { entry: await requireBankEntryDetail(app.deps.db, beid), message, memberEffects: [] };
    },
  });
};
