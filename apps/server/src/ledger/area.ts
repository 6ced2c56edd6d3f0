import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalStatementRoutes } from './portal-routes';
import { getLedgerRoute } from './routes/get-ledger';
import { sendStatementRoute } from './routes/send-statement';
import { statementPdfRoute } from './routes/statement-pdf';

/** The member's ledger (issue 16): the ledger, the statement of account PDF and its e-mail. */
export const ledgerArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(getLedgerRoute);
  await app.register(statementPdfRoute);
  await app.register(sendStatementRoute);
};

/** The member portal's statement of account (issue 35). */
export const portalLedgerArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalStatementRoutes);
};
