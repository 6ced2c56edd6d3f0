import {
  ZAssignBankEntryRequest,
  ZBankEntryActionResult,
  ZBankEntryParams,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { assignBankEntry } from '../actions/assign';
import { requireBankEntryDetail } from '../detail';
import { bookingContextOf } from './booking-context';
import { apiRoutes } from '../../http/api-route';

/** POST /api/bank-entries/:beid/assign: books a payment of the queue to an invoice. */
export const assignBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'POST',
    url: '/api/bank-entries/:beid/assign',
    permission: 'bank-statements.import',
    summary:
      'Books an unmatched payment to an issued or paid invoice an operator chose (same currency; version checked), reason "assigned by <operator>"',
    params: ZBankEntryParams,
    body: ZAssignBankEntryRequest,
    response: ZBankEntryActionResult,
    handler: async (request) => {
      const { beid } = request.params;
      const outcome = await assignBankEntry(
        app.deps.db,
        operatorActor(request),
        beid,
        request.body,
        bookingContextOf(app),
      );
      return { entry: await requireBankEntryDetail(app.deps.db, beid), ...outcome };
    },
  });
};
