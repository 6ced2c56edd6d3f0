import {
  invoiceFixCheckInfo,
  ZCardLinkRepair,
  ZInvoiceFixCheck,
  ZInvoiceFixesSummary,
  ZInvoiceFixFindingsPage,
  ZInvoiceFixFindingsQuery,
  ZInvoiceFixResult,
  ZNoMemberRepair,
  ZPaidMemberPendingRepair,
  ZTotalsRepair,
  ZVoidDuplicateRepair,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../http/actor';
import {
  getInvoiceFixesSummary,
  getInvoiceFixFindings,
  repairCardUnlinked,
  repairDuplicate,
  repairNoMember,
  repairPaidMemberPending,
  repairTotals,
} from './fixes';

/** Invoice fixes: the checks, their findings, and a repair per check (none for card-void). */
export const invoiceFixesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoice fixes'];
  const context = () => ({
    publicUrl: app.deps.config.publicUrl,
    mailFrom: app.deps.config.mailFrom,
  });

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

  app.post(
    '/api/invoices/fixes/no-member/repair',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags,
        summary:
          'Give an invoice without a live member its member (a paid one: confirmed, with a reason), or void an unpaid one',
        body: ZNoMemberRepair,
        response: { 200: ZInvoiceFixResult },
      },
    },
    async (request) => repairNoMember(app.deps.db, operatorActor(request), request.body),
  );

  for (const check of ['duplicate-number', 'duplicate-billing'] as const) {
    app.post(
      `/api/invoices/fixes/${check}/repair`,
      {
        config: { permission: 'invoices.edit' },
        schema: {
          tags,
          summary: `${invoiceFixCheckInfo[check].title}: void the unpaid duplicate (never a paid invoice)`,
          body: ZVoidDuplicateRepair,
          response: { 200: ZInvoiceFixResult },
        },
      },
      async (request) => repairDuplicate(app.deps.db, operatorActor(request), check, request.body),
    );
  }

  app.post(
    '/api/invoices/fixes/totals/repair',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags,
        summary:
          'Store the totals the lines add up to (a paid invoice: confirmed, with a reason; its payment unchanged)',
        body: ZTotalsRepair,
        response: { 200: ZInvoiceFixResult },
      },
    },
    async (request) => repairTotals(app.deps.db, operatorActor(request), request.body),
  );

  app.post(
    '/api/invoices/fixes/paid-member-pending/repair',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags,
        summary:
          "Run rule 2 for a paid membership invoice: the member's status, paid-through year and certificate",
        body: ZPaidMemberPendingRepair,
        response: { 200: ZInvoiceFixResult },
      },
    },
    async (request) =>
      repairPaidMemberPending(app.deps.db, operatorActor(request), request.body, context()),
  );

  app.post(
    '/api/invoices/fixes/card-unlinked/repair',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags,
        summary:
          'Link a card-payment invoice to ours; a paid card payment marks an issued invoice paid by card',
        body: ZCardLinkRepair,
        response: { 200: ZInvoiceFixResult },
      },
    },
    async (request) =>
      repairCardUnlinked(app.deps.db, operatorActor(request), request.body, context()),
  );
};
