import { ZInvoiceActionResult, ZInvoiceIssueRequest, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { issueInvoice } from '../lifecycle';
import { mailContextOf } from '../../http/mail-context';
import { apiRoutes } from '../../http/api-route';

/** POST /api/invoices/:iid/issue: a draft becomes an issued invoice. */
export const issueInvoiceRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/invoices/:iid/issue',
    permission: 'invoices.edit',
    summary: 'Issues a draft: number, dates, payment reference; optionally e-mails it with its PDF',
    params: ZInvoiceParams,
    body: ZInvoiceIssueRequest,
    response: ZInvoiceActionResult,
    handler: async (request) =>
      issueInvoice(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        mailContextOf(app),
      ),
  });
};
