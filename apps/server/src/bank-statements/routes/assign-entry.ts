import { ZAssignBankEntryRequest } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignBankEntry } from '../actions/assign';
import { bankEntryActionRoute } from './entry-action';

/** POST /api/bank-entries/:beid/assign: books a payment of the queue to an invoice. */
export const assignBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  bankEntryActionRoute(app, {
    action: 'assign',
    permission: 'bank-statements.import',
    summary:
      'Books an unmatched payment to an issued or paid invoice an operator chose (same currency; version checked), reason "assigned by <operator>"',
    body: ZAssignBankEntryRequest,
    act: assignBankEntry,
  });
};
