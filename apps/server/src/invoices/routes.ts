import {
  ZInvoiceActionResult,
  ZInvoiceDetail,
  ZInvoiceDraftRequest,
  ZInvoiceDraftUpdate,
  ZInvoiceIssueRequest,
  ZInvoiceMarkPaidRequest,
  ZInvoiceParams,
  ZInvoiceReasonRequest,
  ZInvoiceRenewalRequest,
  ZInvoiceRenewalRun,
  ZInvoiceRenewalRunParams,
  ZInvoicesListPage,
  ZInvoicesListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { sendListExport } from '../lists/run-list';
import { requireInvoiceDetail } from './detail';
import { createInvoiceDraft, updateInvoiceDraft } from './drafts';
import { closeInvoice, issueInvoice, markInvoicePaid } from './lifecycle';
import { invoicesExportColumns, invoicesExportListFor, listInvoices } from './list';
import { createRenewalRun, getRenewalRun, runRenewal, toRenewalRun } from './renewal';

/** Invoices: list, export, detail, drafts, the life cycle and the renewal run. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = () => ({
    publicUrl: app.deps.config.publicUrl,
    mailFrom: app.deps.config.mailFrom,
  });

  app.get(
    '/api/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'The invoices list: filters (status, overdue, kind, year, currency, source, dates, member), q (number, payment reference or member), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
        querystring: ZInvoicesListQuery,
        response: { 200: ZInvoicesListPage },
      },
    },
    async (request) => listInvoices(app.deps.db, request.query),
  );

  app.get(
    '/api/invoices/export',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'CSV of every invoice the same filters, q and sort select (amounts in major units), streamed',
        querystring: ZInvoicesListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: invoicesExportListFor({ ...request.query, limit: 1 }),
        query: request.query,
        columns: invoicesExportColumns,
        filename: 'invoices',
      }),
  );

  app.post(
    '/api/invoices',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary: 'Creates a draft invoice; totals are computed from the lines',
        body: ZInvoiceDraftRequest,
        response: { 201: ZInvoiceDetail },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvoiceDraft(app.deps.db, operatorActor(request), request.body)),
  );

  app.post(
    '/api/invoices/renewals',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          "Starts the renewal run of a year (or answers the one running): the year's membership invoices for every active member without one; poll the run for progress",
        body: ZInvoiceRenewalRequest,
        response: { 202: ZInvoiceRenewalRun },
      },
    },
    async (request, reply) => {
      const actor = operatorActor(request);
      const { run, isNew } = await createRenewalRun(app.deps.db, actor, request.body);
      if (isNew) {
        runRenewal(app.deps.db, actor, run.id, {
          mailFrom: app.deps.config.mailFrom,
          log: app.log,
        }).catch((error: unknown) =>
          app.log.error({ err: error, runId: run.id }, 'invoice renewal run failed'),
        );
      }
      return reply.status(202).send(toRenewalRun(run));
    },
  );

  app.get(
    '/api/invoices/renewals/:runId',
    {
      schema: {
        tags: ['invoices'],
        summary: 'A renewal run: status, progress and counts',
        params: ZInvoiceRenewalRunParams,
        response: { 200: ZInvoiceRenewalRun },
      },
    },
    async (request) => {
      const run = await getRenewalRun(app.deps.db, request.params.runId);
      if (!run)
        throw new AppError('not-found', `No renewal run has the id ${request.params.runId}.`);
      return run;
    },
  );

  app.get(
    '/api/invoices/:iid',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'One invoice: member, lines, totals, bank account, payment and the actions its state allows',
        params: ZInvoiceParams,
        response: { 200: ZInvoiceDetail },
      },
    },
    async (request) => requireInvoiceDetail(app.deps.db, request.params.iid),
  );

  app.patch(
    '/api/invoices/:iid',
    {
      config: { permission: 'invoices.edit' },
      schema: {
        tags: ['invoices'],
        summary:
          'Replaces a draft (member, dates, account, lines) at the version read; only drafts',
        params: ZInvoiceParams,
        body: ZInvoiceDraftUpdate,
        response: { 200: ZInvoiceDetail },
      },
    },
    async (request) =>
      updateInvoiceDraft(app.deps.db, operatorActor(request), request.params.iid, request.body),
  );

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
      issueInvoice(app.deps.db, operatorActor(request), request.params.iid, request.body, mail()),
  );

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
        mail(),
      ),
  );

  for (const to of ['void', 'uncollectible'] as const) {
    app.post(
      `/api/invoices/:iid/${to}`,
      {
        config: { permission: 'invoices.edit' },
        schema: {
          tags: ['invoices'],
          summary:
            to === 'void'
              ? 'Voids a draft or an issued invoice, with the reason'
              : 'Writes an issued invoice off as uncollectible, with the reason',
          params: ZInvoiceParams,
          body: ZInvoiceReasonRequest,
          response: { 200: ZInvoiceActionResult },
        },
      },
      async (request) =>
        closeInvoice(app.deps.db, operatorActor(request), request.params.iid, to, request.body),
    );
  }
};
