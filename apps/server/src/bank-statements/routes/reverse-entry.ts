import {
  ZBankEntryActionResult,
  ZBankEntryParams,
  ZReverseBankEntryRequest,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { reverseBankEntry } from '../actions/reverse';
import { requireBankEntryDetail } from '../detail';
import { apiRoutes } from '../../http/api-route';

/** POST /api/bank-entries/:beid/reverse: the booking reversed, the entry back in the queue. */
export const reverseBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'POST',
    url: '/api/bank-entries/:beid/reverse',
    permission: 'payments.reverse',
    summary:
      'Reverses the booking of a bank payment by counter-booking (its invoice returns to its earlier state) or takes back one marked "not a member payment"; the entry returns to the Unmatched payments queue (reason required, version checked)',
    params: ZBankEntryParams,
    body: ZReverseBankEntryRequest,
    response: ZBankEntryActionResult,
    handler: async (request) => {
      const { beid } = request.params;
      const message = await reverseBankEntry(
        app.deps.db,
        operatorActor(request),
        beid,
        request.body,
      );
      return { entry: await requireBankEntryDetail(app.deps.db, beid), message, memberEffects: [] };
    },
  });
};
