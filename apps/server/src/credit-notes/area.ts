import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditNoteRoutes } from './routes';

/** Credit notes and refunds (issue 16): crediting invoices, their PDFs, paying credit back. */
export const creditNotesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(creditNoteRoutes);
};
