import { z } from 'zod';

/**
 * Scheduled and background jobs (issue 17): the schedules of the periodic tasks, the runs, and
 * the Jobs screen's actions (`/api/jobs/...`). Every schedule is read in Europe/Zurich.
 */

export const jobRunStates = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobRunState = (typeof jobRunStates)[number];
export const jobRunTriggers = ['schedule', 'manual', 'system'] as const;
export type JobRunTrigger = (typeof jobRunTriggers)[number];

export const jobRunStateLabels: Record<JobRunState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
export const jobRunTriggerLabels: Record<JobRunTrigger, string> = {
  schedule: 'Schedule',
  manual: 'By hand',
  system: 'System',
};

export const ZJobSchedule = z
  .object({
    name: z.string().describe('The task, e.g. "certificate-expiry-sweep"'),
    title: z.string(),
    summary: z.string().describe('What the task does, in a sentence'),
    description: z.string().describe('When it runs, in words, e.g. "Every day at 06:00"'),
    cron: z.string().describe('Five-field cron expression, read in the time zone'),
    timeZone: z.string().describe('Always Europe/Zurich'),
    paused: z.boolean(),
    nextRunAt: z.string().describe('ISO time of the next occurrence (a paused one skips it)'),
    lastRunAt: z.string().nullable().describe('ISO time the last run of the task ended'),
    lastOutcome: z.enum(['succeeded', 'failed']).nullable(),
    lastRunId: z.string().nullable(),
    runNow: z
      .enum(['at-once', 'through-preview'])
      .describe(
        "How Run now starts it: at once (harmless work), or through its own screen's preview and confirmation (work that writes to members or e-mails them; the Jobs API refuses it)",
      ),
    previewScreen: z
      .string()
      .nullable()
      .describe('Where a through-preview task is run, in words, e.g. "Invoices → Dunning run"'),
    version: z.number().int(),
  })
  .describe('A periodic task and when it runs');
export type TJobSchedule = z.infer<typeof ZJobSchedule>;

export const ZJobSchedules = z.array(ZJobSchedule).describe('Every schedule, in task order');
export type TJobSchedules = z.infer<typeof ZJobSchedules>;

export const ZJobRun = z
  .object({
    id: z.string(),
    task: z.string(),
    title: z.string().describe("The task's title"),
    trigger: z.enum(jobRunTriggers),
    state: z.enum(jobRunStates),
    attempt: z.number().int().describe('1 for the first; a retry or a take-over counts on'),
    occurrence: z.string().nullable().describe('ISO time of the scheduled occurrence'),
    queuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationMs: z.number().int().nullable().describe('From start to end (or to now, running)'),
    progressDone: z.number().int().nullable(),
    progressTotal: z.number().int().nullable(),
    result: z.record(z.string(), z.unknown()).nullable().describe('Counts the task reported'),
    error: z.string().nullable(),
    instanceId: z.string().nullable().describe('The server instance that ran it'),
    startedBy: z.string().nullable().describe('E-mail of the operator who pressed Run now'),
  })
  .describe('One execution of a job');
export type TJobRun = z.infer<typeof ZJobRun>;

export const ZJobRuns = z.array(ZJobRun).describe('The last 200 runs, newest first');
export type TJobRuns = z.infer<typeof ZJobRuns>;

export const ZJobScheduleParams = z.object({
  name: z.string().min(1).max(100).describe("The schedule's task name"),
});
export type TJobScheduleParams = z.infer<typeof ZJobScheduleParams>;

export const ZJobSchedulePause = z
  .object({ paused: z.boolean().describe('true pauses the schedule, false resumes it') })
  .describe('Pause or resume a schedule');
export type TJobSchedulePause = z.infer<typeof ZJobSchedulePause>;
