import {
  ZBankEntryActionResult,
  ZBankEntryParams,
  ZConfirmBankEntryRequest,
} from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { confirmBankEntry } from '../actions/confirm';
import { requireBankEntryDetail } from '../detail';
import { bookingContextOf } from './booking-context';
import { apiRoutes } from '../../http/api-route';

/** POST /api/bank-entries/:beid/confirm: books a suggestion to its suggested invoice. */
export const confirmBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'bank-statements');

  route({
    method: 'POST',
    url: '/api/bank-entries/:beid/confirm',
    permission: 'bank-statements.import',
    summary:
      'Books a suggested payment (payer’s IBAN known, amount of an open invoice of that member) to its invoice (version checked); paid, partial or overpaid as the amount says',
    params: ZBankEntryParams,
    body: ZConfirmBankEntryRequest,
    response: ZBankEntryActionResult,
    handler: async (request) => {
      const { beid } = request.params;
      const outcome = await confirmBankEntry(
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
