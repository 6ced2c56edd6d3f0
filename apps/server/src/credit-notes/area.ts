import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalCreditNoteRoutes } from './portal-routes';
import { creditNoteRoutes } from './routes';

/** Credit notes and refunds (issue 16): crediting invoices, their PDFs, paying credit back. */
export const creditNotesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(creditNoteRoutes);
};

/** The member portal's credit notes (issue 35): the signed-in user's member's, with their PDFs. */
export const portalCreditNotesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalCreditNoteRoutes);
};
