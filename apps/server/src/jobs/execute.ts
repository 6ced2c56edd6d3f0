import type { JobHelpers } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../logger';
import type { JobPayload, JobRunRow } from './queue-run';
import type { BackgroundTask } from './task';

export type ExecuteDeps = {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  /** This runner's id (`job_instances`), written on the run so a take-over can find it. */
  instanceId: string;
};

/** Progress is written at most this often: enough for a progress bar, little for the feed. */
const progressWriteMs = 1_000;

/**
 * The run's row, now running on this instance: the queued row of the job's first attempt, or
 * for a retry (the first attempt failed or was taken over) or a job some code added without one,
 * a new row carrying the trigger and occurrence of the first.
 */
async function startRun(
  deps: ExecuteDeps,
  task: BackgroundTask,
  payload: JobPayload,
  helpers: JobHelpers,
): Promise<JobRunRow> {
  const started = {
    state: 'running' as const,
    attempt: helpers.job.attempts,
    job_id: String(helpers.job.id),
    started_at: sql<Date>`now()`,
    heartbeat_at: sql<Date>`now()`,
    updated_at: sql<Date>`now()`,
    instance_id: deps.instanceId,
    worker_id: helpers.job.locked_by,
  };
  if (payload.runId) {
    const claimed = await deps.db
      .updateTable('job_runs')
      .set(started)
      .where('id', '=', payload.runId)
      .where('state', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  // An earlier attempt of this job still 'running' could not write its end (PostgreSQL went
  // away under it, issue 20): graphile-worker runs the next attempt only once that one failed,
  // so it is over, and must not show as running for ever.
  await deps.db
    .updateTable('job_runs')
    .set({
      state: 'failed',
      error:
        'Interrupted: this attempt could not record its end (the database was unreachable); the job ran again.',
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('job_id', '=', String(helpers.job.id))
    .where('state', '=', 'running')
    .where('attempt', '<', helpers.job.attempts)
    .execute();
  const first = payload.runId
    ? await deps.db
        .selectFrom('job_runs')
        .selectAll()
        .where('id', '=', payload.runId)
        .executeTakeFirst()
    : undefined;
  return deps.db
    .insertInto('job_runs')
    .values({
      id: newId(),
      task: task.name,
      trigger: first?.trigger ?? 'system',
      occurrence: first?.occurrence ?? null,
      started_by: first?.started_by ?? null,
      ...started,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The run's end: its state, result or error and duration, and the schedule's last run and
 * outcome, in one transaction. Only a run still `running` is written: one that a take-over
 * already marked failed (this instance was silent too long) keeps that verdict, the other
 * instance's attempt owns the job now.
 */
async function finishRun(
  db: Kysely<Database>,
  runId: string,
  task: BackgroundTask,
  outcome:
    { state: 'succeeded'; result: Record<string, unknown> } | { state: 'failed'; error: string },
  progress: { done: number; total: number } | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const finished = await trx
      .updateTable('job_runs')
      .set({
        state: outcome.state,
        finished_at: sql<Date>`now()`,
        heartbeat_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        ...(outcome.state === 'succeeded'
          ? {
              result: sql`coalesce(result, '{}'::jsonb) || ${JSON.stringify(outcome.result)}::jsonb`,
            }
          : { error: outcome.error }),
        ...(progress ? { progress_done: progress.done, progress_total: progress.total } : {}),
      })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .returning(['id', 'finished_at'])
      .executeTakeFirst();
    if (!finished) return;
    await trx
      .updateTable('job_schedules')
      .set({
        last_run_at: finished.finished_at ?? sql<Date>`now()`,
        last_outcome: outcome.state,
        last_run_id: runId,
        updated_at: sql<Date>`now()`,
      })
      .where('name', '=', task.name)
      .execute();
  });
}

/**
 * One execution of a task by graphile-worker: the run row, progress, the task, its end. A
 * failure is rethrown, so graphile-worker retries the job (backing off) until its attempts are
 * used up; each attempt is a row of its own.
 */
export async function executeJob(
  deps: ExecuteDeps,
  task: BackgroundTask,
  payload: JobPayload,
  helpers: JobHelpers,
): Promise<void> {
  const run = await startRun(deps, task, payload, helpers);
  const logger = deps.logger.child({ job: task.name, runId: run.id, attempt: run.attempt });
  const earlier = await deps.db
    .selectFrom('job_runs')
    .select('result')
    .where('job_id', '=', run.job_id)
    .where('id', '<>', run.id)
    .orderBy('attempt', 'desc')
    .execute();

  let latest: { done: number; total: number } | null = null;
  let written: { done: number; total: number } | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  const writeProgress = () => {
    if (!latest || latest === written) return;
    const values = (written = latest);
    writing = deps.db
      .updateTable('job_runs')
      .set({
        progress_done: values.done,
        progress_total: values.total,
        heartbeat_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', run.id)
      .where('state', '=', 'running')
      .execute()
      .catch((error: unknown) => logger.warn({ err: error }, 'job progress not written'));
  };
  const progressTimer = setInterval(writeProgress, progressWriteMs);
  progressTimer.unref();

  try {
    const result = await task.run({
      db: deps.db,
      config: deps.config,
      logger,
      run: {
        id: run.id,
        trigger: run.trigger,
        occurrence: run.occurrence ? new Date(run.occurrence) : null,
        operatorUid: run.started_by,
        attempt: run.attempt,
      },
      earlierNotes: earlier.flatMap((row) => (row.result ? [row.result] : [])),
      payload: Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'runId')),
      note: async (values) => {
        await deps.db
          .updateTable('job_runs')
          .set({
            result: sql`coalesce(result, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', run.id)
          .execute();
      },
      progress: (done, total) => {
        latest = { done, total };
      },
      signal: helpers.abortSignal,
    });
    clearInterval(progressTimer);
    await writing;
    await finishRun(deps.db, run.id, task, { state: 'succeeded', result }, latest);
    logger.info({ result }, 'job succeeded');
  } catch (error) {
    clearInterval(progressTimer);
    await writing;
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(deps.db, run.id, task, { state: 'failed', error: message }, latest).catch(
      (writeError: unknown) => logger.error({ err: writeError }, 'job failure not recorded'),
    );
    logger.warn({ err: error }, 'job failed');
    throw error;
  }
}
