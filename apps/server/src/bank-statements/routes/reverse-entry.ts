import { ZReverseBankEntryRequest } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reverseBankEntry } from '../actions/reverse';
import { bankEntryActionRoute } from './entry-action';

/** POST /api/bank-entries/:beid/reverse: the booking reversed, the entry back in the queue. */
export const reverseBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  bankEntryActionRoute(app, {
    action: 'reverse',
    permission: 'payments.reverse',
    summary:
      'Reverses the booking of a bank payment by counter-booking (its invoice returns to its earlier state) or takes back one marked "not a member payment"; the entry returns to the Unmatched payments queue (reason required, version checked)',
    body: ZReverseBankEntryRequest,
    act: reverseBankEntry,
  });
};
