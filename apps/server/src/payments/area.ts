import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentRoutes } from './routes';

/** Payments: card payments from the provider’s webhooks, their list, detail and links to invoices. */
export const paymentsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(paymentRoutes);
};
