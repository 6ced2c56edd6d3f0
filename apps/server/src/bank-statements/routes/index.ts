import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignBankEntryRoute } from './assign-entry';
import { confirmBankEntryRoute } from './confirm-entry';
import { confirmSuggestionsRoute } from './confirm-suggestions';
import { bankEntryDetailRoute } from './entry-detail';
import { ignoreBankEntryRoute } from './ignore-entry';
import { importBankStatementsRoute } from './import';
import { listBankEntriesRoute } from './list-entries';
import { listBankStatementsRoute } from './list-statements';
import { reverseBankEntryRoute } from './reverse-entry';
import { bankStatementDetailRoute } from './statement-detail';

/**
 * Bank statements: the import of camt files, the statements and their entries (lists, details)
 * and what an operator does with an entry (confirm, assign, ignore, reverse); one file per
 * operation, registered in this order (the order of the OpenAPI document).
 */
export const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(importBankStatementsRoute);
  await app.register(listBankStatementsRoute);
  await app.register(bankStatementDetailRoute);
  await app.register(confirmSuggestionsRoute);
  await app.register(listBankEntriesRoute);
  await app.register(bankEntryDetailRoute);
  await app.register(confirmBankEntryRoute);
  await app.register(assignBankEntryRoute);
  await app.register(ignoreBankEntryRoute);
  await app.register(reverseBankEntryRoute);
};
