import { ZCreditNoteIssueRequest, ZCreditNoteResult, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { mailContextOf } from '../../http/mail-context';
import { issueCreditNote } from '../issue';
import { apiRoutes } from '../../http/api-route';

/** POST /api/invoices/:iid/credit-notes: credits all or some lines of an issued or paid invoice. */
export const issueCreditNoteRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'credit-notes');

  route({
    method: 'POST',
    url: '/api/invoices/:iid/credit-notes',
    permission: 'credit-notes.issue',
    summary:
      "Issue a credit note (CN-{year}-000001) on an issued or paid invoice: all or some lines, with a reason. What the invoice still asks for is taken off its balance (an issued invoice credited in full becomes credited); money already paid becomes the member's credit. Crediting a paid membership invoice needs membershipDecision ('keep' or 'revoke': the year's certificate is revoked and the paid-through year moves back)",
    params: ZInvoiceParams,
    body: ZCreditNoteIssueRequest,
    response: ZCreditNoteResult,
    handler: async (request) =>
      issueCreditNote(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        mailContextOf(app),
      ),
  });
};
