import type { Selectable, Transaction } from 'kysely';
import { queueJobRun } from '../db/job-queue';
import type { Database, JobRunsTable, JobRunTrigger } from '../db/schema';
import type { JobTask } from './task';

export type JobRunRow = Selectable<JobRunsTable>;

/**
 * What a job of ours carries: the `job_runs` row its first attempt fills, and the values of
 * a run some area started with a purpose of its own (the renewal run the dialog started, the
 * bank import whose follow-up it is); the task reads them (`JobContext.payload`).
 */
export type JobPayload = { runId?: string } & Record<string, unknown>;

/**
 * Queues a run of a task in the caller's transaction: its `job_runs` row (queued) and the
 * graphile-worker job, so both exist exactly when the transaction commits (`queueJobRun`). A
 * scheduled occurrence's job is keyed by the occurrence, and the row's unique (task,
 * occurrence) index refuses a second one.
 */
export async function queueRun(
  trx: Transaction<Database>,
  task: JobTask,
  options: { trigger: JobRunTrigger; occurrence?: Date; operatorUid?: string | null },
): Promise<JobRunRow> {
  return queueJobRun(
    trx,
    task.name,
    {},
    {
      ...options,
      jobKey: options.occurrence ? `${task.name}@${options.occurrence.toISOString()}` : undefined,
      maxAttempts: task.maxAttempts,
    },
  );
}
