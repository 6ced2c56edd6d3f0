import {
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
import { operatorActor } from '../http/actor';
import { clearDunningExemption, setDunningExemption } from './exemption';
import { previewDunning } from './preview';
import { runDunning } from './run';
import { listDunningRuns } from './runs';
import { getDunningSettings } from './settings';
import { updateDunningSettings } from './update-settings';

/**
 * Dunning (issue 17): the levels and minimums (read by every operator, changed with
 * `dunning.manage`, finance and admin), the preview and a run by hand, the runs, and a
 * member's exemption (a payment plan).
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
