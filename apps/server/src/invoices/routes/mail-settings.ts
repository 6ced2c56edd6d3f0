import type { FastifyInstance } from 'fastify';
import type { InvoiceMailContext } from '../lifecycle';

/** Where an e-mailed invoice links to and who sends it: read from the config at each request. */
export function invoiceMailSettings(app: FastifyInstance): InvoiceMailContext {
  return { publicUrl: app.deps.config.publicUrl, mailFrom: app.deps.config.mailFrom };
}
