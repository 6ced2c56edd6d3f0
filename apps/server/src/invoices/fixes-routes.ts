import {
  invoiceFixChecks,
  ZInvoiceFixCheck,
  ZInvoiceFixesSummary,
  ZInvoiceFixFindingsPage,
  ZInvoiceFixFindingsQuery,
  ZInvoiceFixResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../http/actor';
import { mailContextOf } from '../http/mail-context';
import { getInvoiceFixesSummary, getInvoiceFixFindings, invoiceFixes } from './fixes';

/** Invoice fixes: the checks, their findings, and a repair per check that has one (the registry). */
export const invoiceFixesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoice fixes'];

  app.get(
    '/api/invoices/fixes',
    {
      schema: {
        tags,
        summary: 'Every invoice check with its count of findings',
        response: { 200: ZInvoiceFixesSummary },
      },
    },
    async () => getInvoiceFixesSummary(app.deps.db),
  );

  app.get(
    '/api/invoices/fixes/:check',
    {
      schema: {
        tags,
        summary: "A page of one check's findings, each with its proposed repair in words",
        params: z.object({ check: ZInvoiceFixCheck }),
        querystring: ZInvoiceFixFindingsQuery,
        response: { 200: ZInvoiceFixFindingsPage },
      },
    },
    async (request) => getInvoiceFixFindings(app.deps.db, request.params.check, request.query),
  );

  for (const check of invoiceFixChecks) {
    const repair = invoiceFixes[check].repair;
    if (!repair) continue;
    app.post(
      `/api/invoices/fixes/${check}/repair`,
      {
        config: { permission: 'invoices.edit' },
        schema: {
          tags,
          summary: repair.summary,
          body: repair.body,
          response: { 200: ZInvoiceFixResult },
        },
      },
      async (request) =>
        repair.run(app.deps.db, operatorActor(request), request.body, mailContextOf(app)),
    );
  }
};
