import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceRoutes } from './routes';
import { invoicePdfRoutes } from './pdf-routes';
import { invoiceFixesRoutes } from './fixes-routes';
import { invoiceUploadRoutes } from './upload-routes';
import { portalInvoiceRoutes } from './portal-routes';

/** Invoices: the list, drafts and life cycle, PDFs, fixes and the CSV upload. */
export const invoicesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(invoiceRoutes);
  await app.register(invoicePdfRoutes);
  await app.register(invoiceFixesRoutes);
  await app.register(invoiceUploadRoutes);
};

/** The member portal's invoices (issue 35): the signed-in user's member's, with their PDFs. */
export const portalInvoicesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalInvoiceRoutes);
};
