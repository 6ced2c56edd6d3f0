import {
  ZDunningLetters,
  ZDunningLettersPdfQuery,
  ZDunningLettersPosted,
  ZDunningLettersPostedResult,
  ZDunningPreviewQuery,
  ZDunningReport,
  ZDunningRunRequest,
  ZDunningRuns,
  ZDunningSettings,
  ZDunningSettingsUpdate,
  ZMemberDunningExemption,
  ZMemberDunningExemptionClear,
  ZMemberDunningExemptionResult,
  ZMemberParams,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { inlineDisposition } from '../http/inline-document';
import { clearDunningExemption, setDunningExemption } from './exemption';
import { listDunningLetters } from './letters/list';
import { markLettersPosted } from './letters/mark-posted';
import { renderLettersPdf } from './letters/pdf';
import { selectLetters } from './letters/select';
import { loadDunningSettings } from './settings';
import { previewDunning } from './preview';
import { runDunning } from './run';
import { listDunningRuns } from './runs';
import { getDunningSettings } from './settings';
import { updateDunningSettings } from './update-settings';

/**
 * Dunning (issue 17): the levels and minimums (read by every operator, changed with
 * `dunning.manage`, finance and admin), the preview and a run by hand, the runs, and a
 * member's exemption (a payment plan). Issue 32: the postal reminders' letters (the list, the
 * PDF, and the confirmation that they were posted), with `dunning.manage` as the run.
 */
export const dunningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dunning/settings',
    {
      schema: {
        tags: ['dunning'],
        summary: 'The dunning levels, minimum amounts per currency and recent-payment days',
        response: { 200: ZDunningSettings },
      },
    },
    async () => getDunningSettings(app.deps.db),
  );

  app.put(
    '/api/dunning/settings',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary:
          'Changes the levels (days strictly increasing, template, PDF, enabled), the minimums and the recent-payment days, with the version read',
        body: ZDunningSettingsUpdate,
        response: { 200: ZDunningSettings },
      },
    },
    async (request) => updateDunningSettings(app.deps.db, operatorActor(request), request.body),
  );

  app.get(
    '/api/dunning/preview',
    {
      schema: {
        tags: ['dunning'],
        summary:
          'Who a run would chase on a day (default today at headquarters): per level and currency, skipped per reason, postal notices, the first 200 invoices',
        querystring: ZDunningPreviewQuery,
        response: { 200: ZDunningReport },
      },
    },
    async (request) => previewDunning(app.deps.db, request.query.asOf),
  );

  app.post(
    '/api/dunning/runs',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary:
          'Runs dunning now for a day: sends every level that is due (never one twice) and returns the report',
        body: ZDunningRunRequest,
        response: { 200: ZDunningReport },
      },
    },
    async (request) =>
      runDunning(app.deps.db, {
        asOf: request.body.asOf,
        dryRun: false,
        trigger: 'manual',
        operatorUid: operatorActor(request).uid,
        mailFrom: app.deps.config.mailFrom,
      }),
  );

  app.get(
    '/api/dunning/runs',
    {
      schema: {
        tags: ['dunning'],
        summary: 'The last 50 dunning runs, newest first',
        response: { 200: ZDunningRuns },
      },
    },
    async () => listDunningRuns(app.deps.db),
  );

  app.get(
    '/api/dunning/letters',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary:
          'The postal reminders that need a letter: one letter per member and level, and those that cannot be printed (no postal address)',
        response: { 200: ZDunningLetters },
      },
    },
    async () => listDunningLetters(app.deps.db),
  );

  app.get(
    '/api/dunning/letters/pdf',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary:
          "The letters as one PDF, a page per member and level, the address in a C5/DL envelope's left window (?upTo=the list's preparedAt; ?download=1 as an attachment); 404 when none is needed",
        querystring: ZDunningLettersPdfQuery,
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const settings = await loadDunningSettings(db);
      const upTo = request.query.upTo ? new Date(request.query.upTo) : undefined;
      const selection = await selectLetters(db, settings, { upTo });
      if (selection.letters.length === 0) {
        throw new AppError(
          'not-found',
          'No postal reminder needs a letter: there is nothing to print.',
        );
      }
      const pdf = await renderLettersPdf(db, settings, selection);
      const disposition = inlineDisposition(`dunning-letters-${selection.today}.pdf`);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          request.query.download === '1'
            ? disposition.replace(/^inline/, 'attachment')
            : disposition,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('x-dunning-letters', String(selection.letters.length))
        .send(pdf);
    },
  );

  app.post(
    '/api/dunning/letters/posted',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary:
          'Marks the letters of these postal reminders as posted (after printing), audited on each invoice: they leave "Needs a letter"',
        body: ZDunningLettersPosted,
        response: { 200: ZDunningLettersPostedResult },
      },
    },
    async (request) => markLettersPosted(app.deps.db, operatorActor(request), request.body),
  );

  app.put(
    '/api/members/:mid/dunning-exemption',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary: 'Exempts a member from dunning until a day (a payment plan), with the reason',
        params: ZMemberParams,
        body: ZMemberDunningExemption,
        response: { 200: ZMemberDunningExemptionResult },
      },
    },
    async (request) =>
      setDunningExemption(app.deps.db, operatorActor(request), request.params.mid, request.body),
  );

  app.delete(
    '/api/members/:mid/dunning-exemption',
    {
      config: { permission: 'dunning.manage' },
      schema: {
        tags: ['dunning'],
        summary: "Clears a member's dunning exemption",
        params: ZMemberParams,
        body: ZMemberDunningExemptionClear,
        response: { 200: ZMemberDunningExemptionResult },
      },
    },
    async (request) =>
      clearDunningExemption(app.deps.db, operatorActor(request), request.params.mid, request.body),
  );
};
