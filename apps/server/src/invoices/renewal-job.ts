import type { TInvoiceRenewalRun } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import type { StatisticsLog } from '../lists';
import { createRenewalRun, runRenewal } from './renewal';

/**
 * The renewal run as a job on the queue (issue 17): the schedule's 2 January run, or "Run now"
 * on the Jobs screen. It starts the run exactly as the renewal dialog does (`createRenewalRun`,
 * then `runRenewal`), for the given year and with the invoices e-mailed.
 *
 * Taken over after its instance died, the job runs again: the run that instance left `running`
 * is marked failed first (`interruptedRunIds`, remembered by the earlier attempt), then a new run
 * starts, and since a member with a membership invoice for the year gets none, it issues only
 * what the first did not. A run started by hand that is still going is not touched: the job
 * fails and the queue retries it later.
 */
export async function runRenewalJob(
  db: Kysely<Database>,
  actor: Actor,
  options: {
    year: number;
    mailFrom: string;
    publicUrl?: string;
    /** Runs started by earlier attempts of this job, whose instance stopped. */
    interruptedRunIds: string[];
    /** Called with the run's id before its first batch, so a later attempt can find it. */
    onStarted: (runId: string) => Promise<void>;
    onProgress?: (run: TInvoiceRenewalRun) => void;
    log?: StatisticsLog;
  },
): Promise<TInvoiceRenewalRun> {
  if (options.interruptedRunIds.length > 0) {
    await db
      .updateTable('invoice_renewal_runs')
      .set({
        status: 'failed',
        error:
          'Interrupted: the server running it stopped; another one took the job over and ran it again.',
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', 'in', options.interruptedRunIds)
      .where('status', '=', 'running')
      .execute();
  }
  const { run, isNew } = await createRenewalRun(db, actor, {
    year: options.year,
    sendEmails: true,
  });
  if (!isNew) {
    throw new Error(
      `A renewal run for ${options.year} is already running (started ${new Date(run.started_at).toISOString()}); the job is tried again later.`,
    );
  }
  await options.onStarted(run.id);
  const finished = await runRenewal(db, actor, run.id, {
    mailFrom: options.mailFrom,
    publicUrl: options.publicUrl,
    onProgress: options.onProgress,
    log: options.log,
  });
  if (finished.status === 'failed') throw new Error(finished.error ?? 'The renewal run failed.');
  return finished;
}
