import { ZIgnoreBankEntryRequest } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ignoreBankEntry } from '../actions/ignore';
import { bankEntryActionRoute } from './entry-action';

/** POST /api/bank-entries/:beid/ignore: "not a member payment", with a reason. */
export const ignoreBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  bankEntryActionRoute(app, {
    action: 'ignore',
    permission: 'bank-statements.import',
    summary:
      'Marks a payment of the queue "not a member payment" with a reason (version checked); reverse takes it back',
    body: ZIgnoreBankEntryRequest,
    act: ignoreBankEntry,
  });
};
