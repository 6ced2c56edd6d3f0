import { ZCreditNoteIssueRequest, ZCreditNoteResult, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { issueCreditNote } from '../issue';

/** POST /api/invoices/:iid/credit-notes: credits all or some lines of an issued or paid invoice. */
export const issueCreditNoteRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invoices/:iid/credit-notes',
    {
      config: { permission: 'credit-notes.issue' },
      schema: {
        tags: ['credit-notes'],
        summary:
          "Issue a credit note (CN-{year}-000001) on an issued or paid invoice: all or some lines, with a reason. What the invoice still asks for is taken off its balance (an issued invoice credited in full becomes credited); money already paid becomes the member's credit. Crediting a paid membership invoice needs membershipDecision ('keep' or 'revoke': the year's certificate is revoked and the paid-through year moves back)",
        params: ZInvoiceParams,
        body: ZCreditNoteIssueRequest,
        response: { 200: ZCreditNoteResult },
      },
    },
    async (request) =>
      issueCreditNote(app.deps.db, operatorActor(request), request.params.iid, request.body, {
        publicUrl: app.deps.config.publicUrl,
        mailFrom: app.deps.config.mailFrom,
      }),
  );
};
