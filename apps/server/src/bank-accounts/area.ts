import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankAccountRoutes } from './routes';

/** Bank accounts: the federation's accounts invoices are paid to. */
export const bankAccountsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(bankAccountRoutes);
};
