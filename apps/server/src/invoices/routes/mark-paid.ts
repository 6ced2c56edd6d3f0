import { ZInvoiceActionResult, ZInvoiceMarkPaidRequest, ZInvoiceParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { markInvoicePaid } from '../lifecycle';
import { invoiceMailSettings } from './mail-settings';

/** POST /api/invoices/:iid/mark-paid: records the payment (domain rule 2 for membership invoices). */
export const markInvoicePaidRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invoices/:iid/mark-paid',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          'Records the payment of an issued invoice; a membership invoice makes its member active, moves the paid-through year and issues the certificate (rule 2)',
        params: ZInvoiceParams,
        body: ZInvoiceMarkPaidRequest,
        response: { 200: ZInvoiceActionResult },
      },
    },
    async (request) =>
      markInvoicePaid(
        app.deps.db,
        operatorActor(request),
        request.params.iid,
        request.body,
        invoiceMailSettings(app),
      ),
  );
};
