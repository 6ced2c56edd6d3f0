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
import { apiRoutes } from '../http/api-route';

/**
 * The Jobs screen's API (issue 17): schedules and runs for every operator; Run now and
 * Pause/Resume for those who manage jobs (admin).
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'jobs');

  route({
    method: 'GET',
    url: '/api/jobs/schedules',
    summary:
      'Every schedule: what, when (in words and cron, Europe/Zurich), next and last run, outcome',
    response: ZJobSchedules,
    handler: async () => listSchedules(app.deps.db),
  });

  route({
    method: 'GET',
    url: '/api/jobs/runs',
    summary: 'The last 200 runs, newest first, with duration, progress and result',
    response: ZJobRuns,
    handler: async () => listRuns(app.deps.db),
  });

  route({
    method: 'POST',
    url: '/api/jobs/schedules/:name/run',
    permission: 'jobs.manage',
    summary:
      "Run now: queues a run of the schedule's task (409 while one is queued or running, and for a task that runs through its screen's preview)",
    params: ZJobScheduleParams,
    response: ZJobRun,
    status: 202,
    handler: async (request) =>
      await runJobNow(app.deps.db, operatorActor(request), request.params.name, 'console'),
  });

  route({
    method: 'PUT',
    url: '/api/jobs/schedules/:name/paused',
    permission: 'jobs.manage',
    summary: 'Pauses or resumes a schedule',
    params: ZJobScheduleParams,
    body: ZJobSchedulePause,
    response: ZJobSchedule,
    handler: async (request) =>
      setSchedulePaused(
        app.deps.db,
        operatorActor(request),
        request.params.name,
        request.body.paused,
      ),
  });
};
