import { Logger as GraphileLogger, runMigrations } from 'graphile-worker';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import pg from 'pg';
import { newId } from '../lib/ids';
import { schemaChangeLockKey } from './migrate';
import type { Database, JobRunsTable, JobRunTrigger } from './schema';

/**
 * The job queue is graphile-worker's, in its own schema `graphile_worker` of the app's database.
 * This file is infrastructure below the areas (like `audit.ts`): any area can add a job inside
 * the transaction that causes it, so the job exists exactly when the change commits.
 */

export type JobExecutor = Kysely<Database> | Transaction<Database>;

export type EnqueueOptions = {
  /** Replaces a pending job with the same key (graphile-worker's `job_key`). */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/**
 * Adds a job through `graphile_worker.add_job(...)`: plain SQL, so it runs in the caller's
 * transaction and commits or rolls back with it; the worker is woken by its NOTIFY on commit.
 * Returns the job's id.
 */
export async function enqueueJob(
  executor: JobExecutor,
  task: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM graphile_worker.add_job(
      identifier => ${task},
      payload => ${JSON.stringify(payload)}::json,
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::integer,
      job_key => ${options.jobKey ?? null}::text
    )`.execute(executor);
  const id = rows[0]?.id;
  if (!id) throw new Error(`graphile_worker.add_job returned no job for ${task}`);
  return id;
}

/**
 * A run of a task of ours queued in the caller's transaction: its `job_runs` row (queued, shown
 * at once on the Jobs screen with its trigger and operator) and the graphile-worker job, whose
 * payload names the row (`runId`) beside the task's own values. Both exist exactly when the
 * transaction commits. Used by the jobs area (Run now, the tick) and by areas that start a run
 * of their own (the renewal dialog's Start run, a bank import's follow-up).
 */
export async function queueJobRun(
  trx: Transaction<Database>,
  task: string,
  payload: Record<string, unknown>,
  options: {
    trigger: JobRunTrigger;
    occurrence?: Date;
    operatorUid?: string | null;
    maxAttempts: number;
    jobKey?: string;
  },
): Promise<Selectable<JobRunsTable>> {
  const id = newId();
  const jobId = await enqueueJob(
    trx,
    task,
    { ...payload, runId: id },
    { jobKey: options.jobKey, maxAttempts: options.maxAttempts },
  );
  return trx
    .insertInto('job_runs')
    .values({
      id,
      task,
      trigger: options.trigger,
      occurrence: options.occurrence ?? null,
      job_id: jobId,
      state: 'queued',
      started_by: options.operatorUid ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// graphile-worker logs through its own logger; its migrations' chatter stays out of ours.
const quietGraphileLogger = new GraphileLogger(() => () => undefined);

/**
 * Installs or upgrades graphile-worker's schema with graphile-worker's own migrations, once
 * under concurrency: two instances starting at once would otherwise race through its
 * migrations (it copes with most clashes, but a second instance may go on while the first is
 * still half-way). A session advisory lock on one connection, the schema lock our migrations
 * take too (`db/migrate.ts`), serialises them; the second finds nothing left to do. Called by
 * `server.ts` after our migrations, by the CLI, and by the tests' database helper.
 */
export async function installJobQueueSchema(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'operations-jobs-install' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [schemaChangeLockKey]);
    // graphile-worker makes (and ends) a pool of its own for this, with its error handlers.
    await runMigrations({ connectionString, logger: quietGraphileLogger });
  } finally {
    // Ending the session releases its advisory lock.
    await client.end();
  }
}
