import { ZInvoiceActionResult, ZInvoiceIssueRequest, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { issueInvoice } from '../lifecycle';
import { invoiceMailSettings } from './mail-settings';

/** POST /api/invoices/:iid/issue: a draft becomes an issued invoice. */
export const issueInvoiceRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invoices/:iid/issue',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          'Issues a draft: number, dates, payment reference; optionally e-mails it with its PDF',
        params: ZInvoiceParams,
        body: ZInvoiceIssueRequest,
        response: { 200: ZInvoiceActionResult },
      },
    },
    async (request) =>
      issueInvoice(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        invoiceMailSettings(app),
      ),
  );
};
