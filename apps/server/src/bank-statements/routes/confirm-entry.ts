import { ZConfirmBankEntryRequest } from '@ops/contract/bank-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmBankEntry } from '../actions/confirm';
import { bankEntryActionRoute } from './entry-action';

/** POST /api/bank-entries/:beid/confirm: books a suggestion to its suggested invoice. */
export const confirmBankEntryRoute: FastifyPluginAsyncZod = async (app) => {
  bankEntryActionRoute(app, {
    action: 'confirm',
    permission: 'bank-statements.import',
    summary:
      'Books a suggested payment (payer’s IBAN known, amount of an open invoice of that member) to its invoice (version checked); paid, partial or overpaid as the amount says',
    body: ZConfirmBankEntryRequest,
    act: confirmBankEntry,
  });
};
