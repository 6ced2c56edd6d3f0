import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceRoutes } from './routes';
import { invoicePdfRoutes } from './pdf-routes';
import { invoiceFixesRoutes } from './fixes-routes';
import { invoiceUploadRoutes } from './upload-routes';

/** Invoices: the list, drafts and life cycle, PDFs, fixes and the CSV upload. */
export const invoicesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(invoiceRoutes);
  await app.register(invoicePdfRoutes);
  await app.register(invoiceFixesRoutes);
  await app.register(invoiceUploadRoutes);
};
