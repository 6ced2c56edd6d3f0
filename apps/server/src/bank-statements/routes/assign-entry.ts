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

/** POST /api/bank-entries/:beid/assign: books a payment of the queue to an invoice. */
export const assignBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bank-entries/:beid/assign',
    {
      config: { permission: 'bank-statements.import' },
      schema: {
        tags: ['bank-statements'],
        summary:
          'Books an unmatched payment to an issued or paid invoice an operator chose (same currency; version checked), reason "assigned by <operator>"',
        params: ZBankEntryParams,
        body: ZAssignBankEntryRequest,
        response: { 200: ZBankEntryActionResult },
      },
    },
    async (request) => {
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
  );
};
