import type { TInvoiceRenewalRequest, TInvoiceRenewalRun } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { queueJobRun } from '../db/job-queue';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import type { StatisticsLog } from '../lists';
import type { RunRow } from './renewal-batch';
import { createRenewalRun, createRenewalRunIn, runRenewal, toRenewalRun } from './renewal';

/** The renewal run's task on the queue (`jobs/tasks/renewal-run.ts`). */
export const renewalJobTask = 'renewal-run';

/** A run started by hand that is still going makes the job fail; the queue tries again (backing off). */
export const renewalJobMaxAttempts = 10;

/** What a renewal job started by the dialog (or the CLI) carries: its run, and who started it. */
export type RenewalJobPayload = { renewalRunId: string; actor: Actor };

/**
 * Start run (the renewal dialog, and the CLI while a server runs): the year's run, and in the
 * same transaction its job on the queue, as a manual run with the operator recorded. The screen
 * follows the run (`invoice_renewal_runs`) as before, whichever instance's runner takes the job;
 * an instance that dies mid-run has its job taken over, and the run resumes after its last
 * committed batch. A run of the year already going is answered instead (no second job).
 */
export async function startRenewalRun(
  db: Kysely<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
): Promise<{ run: RunRow; isNew: boolean; jobId: string | null }> {
  return writeTransaction(db, async (trx) => {
    const created = await createRenewalRunIn(trx, actor, request);
    if (!created.isNew) return { ...created, jobId: null };
    const payload: RenewalJobPayload = { renewalRunId: created.run.id, actor };
    const jobRun = await queueJobRun(trx, renewalJobTask, payload, {
      trigger: 'manual',
      operatorUid: actor.uid,
      maxAttempts: renewalJobMaxAttempts,
    });
    return { ...created, jobId: jobRun.job_id };
  });
}

type RunOptions = {
  mailFrom: string;
  publicUrl?: string;
  onProgress?: (run: TInvoiceRenewalRun) => void;
  log?: StatisticsLog;
};

/**
 * Runs (or goes on with) a run that was started before: the job of a run the dialog started, or
 * an attempt taking over a job whose instance died. A run still `running` resumes after its last
 * committed batch (`runRenewal`), so its counts stay exact; one an earlier attempt left `failed`
 * is the queue's retry and resumes too, unless another run of the year has started since (that
 * one issues the rest); one already finished is answered as it is, so nothing runs twice.
 */
export async function continueRenewalRun(
  db: Kysely<Database>,
  actor: Actor,
  renewalRunId: string,
  options: RunOptions,
): Promise<TInvoiceRenewalRun> {
  const run = await writeTransaction(db, async (trx) => {
    const { year } = await trx
      .selectFrom('invoice_renewal_runs')
      .select('year')
      .where('id', '=', renewalRunId)
      .executeTakeFirstOrThrow();
    // The lock `createRenewalRunIn` takes: no new run of the year starts meanwhile.
    await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-renewal'), ${year})`.execute(trx);
    const row = await trx
      .selectFrom('invoice_renewal_runs')
      .selectAll()
      .where('id', '=', renewalRunId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status !== 'failed') return row;
    const other = await trx
      .selectFrom('invoice_renewal_runs')
      .select('id')
      .where('year', '=', year)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (other) return row;
    return trx
      .updateTable('invoice_renewal_runs')
      .set({ status: 'running', error: null, finished_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', renewalRunId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (run.status !== 'running') return toRenewalRun(run);
  const finished = await runRenewal(db, actor, run.id, options);
  if (finished.status === 'failed') throw new Error(finished.error ?? 'The renewal run failed.');
  return finished;
}

/**
 * The scheduled renewal run as a job (the schedule's 2 January run, or "Run now" on the Jobs
 * screen): it starts the run as the renewal dialog does (`createRenewalRun`), for the given year
 * and with the invoices e-mailed, then runs it.
 *
 * Taken over after its instance died, the job goes on with the run its earlier attempt started
 * (`earlierRunIds`, remembered through `onStarted`), after that run's last committed batch. A run
 * started by hand that is still going is not touched: the job fails and the queue retries it
 * later.
 */
export async function runRenewalJob(
  db: Kysely<Database>,
  actor: Actor,
  options: RunOptions & {
    year: number;
    /** Runs started by earlier attempts of this job, newest first. */
    earlierRunIds: string[];
    /** Called with the run's id before its first batch, so a later attempt can find it. */
    onStarted: (runId: string) => Promise<void>;
  },
): Promise<TInvoiceRenewalRun> {
  const { year, earlierRunIds, onStarted, ...runOptions } = options;
  const earlier = earlierRunIds[0];
  if (earlier) {
    await onStarted(earlier);
    return continueRenewalRun(db, actor, earlier, runOptions);
  }
  const { run, isNew } = await createRenewalRun(db, actor, { year, sendEmails: true });
  if (!isNew) {
    throw new Error(
      `A renewal run for ${year} is already running (started ${new Date(run.started_at).toISOString()}); the job is tried again later.`,
    );
  }
  await onStarted(run.id);
  const finished = await runRenewal(db, actor, run.id, runOptions);
  if (finished.status === 'failed') throw new Error(finished.error ?? 'The renewal run failed.');
  return finished;
}
