import type { Selectable, Transaction } from 'kysely';
import { enqueueJob } from '../db/job-queue';
import type { Database, JobRunsTable, JobRunTrigger } from '../db/schema';
import { newId } from '../lib/ids';
import type { JobTask } from './task';

export type JobRunRow = Selectable<JobRunsTable>;

/** What a job of ours carries: the `job_runs` row its first attempt fills. */
export type JobPayload = { runId?: string };

/**
 * Queues a run of a task in the caller's transaction: its `job_runs` row (queued) and the
 * graphile-worker job, so both exist exactly when the transaction commits. A scheduled
 * occurrence's job is keyed by the occurrence, and the row's unique (task, occurrence) index
 * refuses a second one.
 */
export async function queueRun(
  trx: Transaction<Database>,
  task: JobTask,
  options: { trigger: JobRunTrigger; occurrence?: Date; operatorUid?: string | null },
): Promise<JobRunRow> {
  const id = newId();
  const payload: JobPayload = { runId: id };
  const jobId = await enqueueJob(trx, task.name, payload, {
    jobKey: options.occurrence ? `${task.name}@${options.occurrence.toISOString()}` : undefined,
    maxAttempts: task.maxAttempts,
  });
  return trx
    .insertInto('job_runs')
    .values({
      id,
      task: task.name,
      trigger: options.trigger,
      occurrence: options.occurrence ?? null,
      job_id: jobId,
      state: 'queued',
      started_by: options.operatorUid ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
