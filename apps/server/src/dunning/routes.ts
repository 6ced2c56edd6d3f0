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
import { pdfReply } from '../lib/pdf-reply';
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
import { apiRoutes } from '../http/api-route';

/**
 * Dunning (issue 17): the levels and minimums (read by every operator, changed with
 * `dunning.manage`, finance and admin), the preview and a run by hand, the runs, and a
 * member's exemption (a payment plan). Issue 32: the postal reminders' letters (the list, the
 * PDF, and the confirmation that they were posted), with `dunning.manage` as the run.
 */
export const dunningRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'dunning');

  route({
    method: 'GET',
    url: '/api/dunning/settings',
    summary: 'The dunning levels, minimum amounts per currency and recent-payment days',
    response: ZDunningSettings,
    handler: async () => getDunningSettings(app.deps.db),
  });

  route({
    method: 'PUT',
    url: '/api/dunning/settings',
    permission: 'dunning.manage',
    summary:
      'Changes the levels (days strictly increasing, template, PDF, enabled), the minimums and the recent-payment days, with the version read',
    body: ZDunningSettingsUpdate,
    response: ZDunningSettings,
    handler: async (request) =>
      updateDunningSettings(app.deps.db, operatorActor(request), request.body),
  });

  route({
    method: 'GET',
    url: '/api/dunning/preview',
    summary:
      'Who a run would chase on a day (default today at headquarters): per level and currency, skipped per reason, postal notices, the first 200 invoices',
    querystring: ZDunningPreviewQuery,
    response: ZDunningReport,
    handler: async (request) => previewDunning(app.deps.db, request.query.asOf),
  });

  route({
    method: 'POST',
    url: '/api/dunning/runs',
    permission: 'dunning.manage',
    summary:
      'Runs dunning now for a day: sends every level that is due (never one twice) and returns the report',
    body: ZDunningRunRequest,
    response: ZDunningReport,
    handler: async (request) =>
      runDunning(app.deps.db, {
        asOf: request.body.asOf,
        dryRun: false,
        trigger: 'manual',
        operatorUid: operatorActor(request).uid,
        mailFrom: app.deps.config.mailFrom,
      }),
  });

  route({
    method: 'GET',
    url: '/api/dunning/runs',
    summary: 'The last 50 dunning runs, newest first',
    response: ZDunningRuns,
    handler: async () => listDunningRuns(app.deps.db),
  });

  route({
    method: 'GET',
    url: '/api/dunning/letters',
    permission: 'dunning.manage',
    summary:
      'The postal reminders that need a letter: one letter per member and level, and those that cannot be printed (no postal address)',
    response: ZDunningLetters,
    handler: async () => listDunningLetters(app.deps.db),
  });

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
      return pdfReply(reply, `dunning-letters-${selection.today}.pdf`, request.query.download)
        .header('cache-control', 'private, no-store')
        .header('x-dunning-letters', String(selection.letters.length))
        .send(pdf);
    },
  );

  route({
    method: 'POST',
    url: '/api/dunning/letters/posted',
    permission: 'dunning.manage',
    summary:
      'Marks the letters of these postal reminders as posted (after printing), audited on each invoice: they leave "Needs a letter"',
    body: ZDunningLettersPosted,
    response: ZDunningLettersPostedResult,
    handler: async (request) =>
      markLettersPosted(app.deps.db, operatorActor(request), request.body),
  });

  route({
    method: 'PUT',
    url: '/api/members/:mid/dunning-exemption',
    permission: 'dunning.manage',
    summary: 'Exempts a member from dunning until a day (a payment plan), with the reason',
    params: ZMemberParams,
    body: ZMemberDunningExemption,
    response: ZMemberDunningExemptionResult,
    handler: async (request) =>
      setDunningExemption(app.deps.db, operatorActor(request), request.params.mid, request.body),
  });

  route({
    method: 'DELETE',
    url: '/api/members/:mid/dunning-exemption',
    permission: 'dunning.manage',
    summary: "Clears a member's dunning exemption",
    params: ZMemberParams,
    body: ZMemberDunningExemptionClear,
    response: ZMemberDunningExemptionResult,
    handler: async (request) =>
      clearDunningExemption(app.deps.db, operatorActor(request), request.params.mid, request.body),
  });
};
