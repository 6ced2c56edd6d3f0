import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closeInvoiceRoutes } from './close';
import { createInvoiceDraftRoute } from './create-draft';
import { invoiceDetailRoute } from './detail';
import { exportInvoicesRoute } from './export';
import { getRenewalRoute } from './get-renewal';
import { issueInvoiceRoute } from './issue';
import { listInvoicesRoute } from './list';
import { markInvoicePaidRoute } from './mark-paid';
import { renewalPreviewRoute } from './renewal-preview';
import { reverseMovementRoute } from './reverse-movement';
import { sendInvoiceRoute } from './send';
import { startRenewalRoute } from './start-renewal';
import { updateInvoiceDraftRoute } from './update-draft';

/**
 * Invoices: list, export, detail, drafts, the life cycle, Send again, reversing a booking and
 * the renewal run; one file per operation, registered in this order (the OpenAPI document's).
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listInvoicesRoute);
  await app.register(exportInvoicesRoute);
  await app.register(createInvoiceDraftRoute);
  await app.register(startRenewalRoute);
  await app.register(renewalPreviewRoute);
  await app.register(getRenewalRoute);
  await app.register(invoiceDetailRoute);
  await app.register(updateInvoiceDraftRoute);
  await app.register(issueInvoiceRoute);
  await app.register(sendInvoiceRoute);
  await app.register(markInvoicePaidRoute);
  await app.register(closeInvoiceRoutes);
  await app.register(reverseMovementRoute);
};
