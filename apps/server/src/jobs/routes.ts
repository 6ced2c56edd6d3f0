import {
  ZJobRun,
  ZJobRuns,
  ZJobSchedule,
  ZJobScheduleParams,
  ZJobSchedulePause,
  ZJobSchedules,
} from '@ops/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { runJobNow, setSchedulePaused } from './actions';
import { listRuns, listSchedules } from './read';

/**
 * The Jobs screen's API (issue 17): schedules and runs for every operator; Run now and
 * Pause/Resume for those who manage jobs (admin).
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/jobs/schedules',
    {
      schema: {
        tags: ['jobs'],
        summary:
          'Every schedule: what, when (in words and cron, Europe/Zurich), next and last run, outcome',
        response: { 200: ZJobSchedules },
      },
    },
    async () => listSchedules(app.deps.db),
  );

  app.get(
    '/api/jobs/runs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The last 200 runs, newest first, with duration, progress and result',
        response: { 200: ZJobRuns },
      },
    },
    async () => listRuns(app.deps.db),
  );

  app.post(
    '/api/jobs/schedules/:name/run',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags: ['jobs'],
        summary:
          "Run now: queues a run of the schedule's task (409 while one is queued or running, and for a task that runs through its screen's preview)",
        params: ZJobScheduleParams,
        response: { 202: ZJobRun },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await runJobNow(app.deps.db, operatorActor(request), request.params.name, 'console')),
  );

  app.put(
    '/api/jobs/schedules/:name/paused',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags: ['jobs'],
        summary: 'Pauses or resumes a schedule',
        params: ZJobScheduleParams,
        body: ZJobSchedulePause,
        response: { 200: ZJobSchedule },
      },
    },
    async (request) =>
      setSchedulePaused(
        app.deps.db,
        operatorActor(request),
        request.params.name,
        request.body.paused,
      ),
  );
};
