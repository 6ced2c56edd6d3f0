import type { FastifyInstance } from 'fastify';
import type { EntryBookingContext } from '../book-entry';

/** The public URL and sender the certificate e-mails of rule 2 need. */
export function bookingContextOf(app: FastifyInstance): EntryBookingContext {
  return { publicUrl: app.deps.config.publicUrl, mailFrom: app.deps.config.mailFrom };
}
