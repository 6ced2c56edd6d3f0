import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditableInvoiceRoute } from './creditable';
import { creditNoteDetailRoute } from './detail';
import { issueCreditNoteRoute } from './issue';
import { creditNotePdfRoute } from './pdf';
import { refundMemberCreditRoute } from './refund';
import { sendCreditNoteRoute } from './send';

/**
 * Credit notes and refunds: issue on an invoice, detail, PDF, e-mail, and the refund of member
 * credit; one file per operation, registered in this order (the order of the OpenAPI document).
 */
export const creditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(creditableInvoiceRoute);
  await app.register(issueCreditNoteRoute);
  await app.register(creditNoteDetailRoute);
  await app.register(creditNotePdfRoute);
  await app.register(sendCreditNoteRoute);
  await app.register(refundMemberCreditRoute);
};
