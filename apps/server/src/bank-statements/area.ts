import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankStatementRoutes } from './routes';

/** Bank statements (issue 16): import, the statements and their entries, and the queue's actions. */
export const bankStatementsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(bankStatementRoutes);
};
