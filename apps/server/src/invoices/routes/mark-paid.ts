import { ZInvoiceActionResult, ZInvoiceMarkPaidRequest, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { markInvoicePaid } from '../lifecycle';
import { mailContextOf } from '../../http/mail-context';
import { apiRoutes } from '../../http/api-route';

/** POST /api/invoices/:iid/mark-paid: records the payment (domain rule 2 for membership invoices). */
export const markInvoicePaidRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'invoices');

  route({
    method: 'POST',
    url: '/api/invoices/:iid/mark-paid',
    permission: 'invoices.edit',
    summary:
      'Records the payment of an issued invoice; a membership invoice makes its member active, moves the paid-through year and issues the certificate (rule 2)',
    params: ZInvoiceParams,
    body: ZInvoiceMarkPaidRequest,
    response: ZInvoiceActionResult,
    handler: async (request) =>
      markInvoicePaid(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        mailContextOf(app),
      ),
  });
};
