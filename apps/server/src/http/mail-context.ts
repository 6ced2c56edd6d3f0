import type { FastifyInstance } from 'fastify';

/**
 * Where an e-mailed document links to (the public pages of invoices and certificates) and who
 * sends it, as the config holds them: the context every operation that may send an e-mail takes
 * (issuing an invoice or credit note, a booked payment's certificate, an upload's follow-up, a
 * test of a template). One place reads it for every route.
 */
export function mailContextOf(app: FastifyInstance): { publicUrl: string; mailFrom: string } {
  return { publicUrl: app.deps.config.publicUrl, mailFrom: app.deps.config.mailFrom };
}
