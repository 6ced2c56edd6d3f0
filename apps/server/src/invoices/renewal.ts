import type { TInvoiceRenewalRequest, TInvoiceRenewalRun } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { refreshStatistics, type StatisticsLog } from '../lists';
import { newId } from '../lib/ids';
import {
  renewalAccounts,
  renewBatch,
  renewedMembers,
  selectCandidates,
  type RunRow,
} from './renewal-batch';
import { machineTime } from '../lib/clock';

/** Members per transaction: each batch commits on its own, so a run shows progress. */
export const renewalBatchSize = 1_000;

/** A running run whose progress has not moved for this long was interrupted (server stopped). */
const staleRunMs = 2 * 60_000;

export function toRenewalRun(row: RunRow, startedBy: string | null = null): TInvoiceRenewalRun {
  return {
    id: row.id,
    year: row.year,
    status: row.status,
    total: row.total,
    processed: row.processed,
    issued: row.issued,
    alreadyInvoiced: row.already_invoiced,
    sendEmails: row.send_emails,
    emailsQueued: row.emails_queued,
    skipped: Object.entries(row.skipped ?? {}).map(([reason, count]) => ({ reason, count })),
    totals: Object.entries(row.totals ?? {}).map(([currency, value]) => ({
      currency,
      count: value.count,
      totalMinor: value.totalMinor,
    })),
    error: row.error,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    startedBy: startedBy ?? row.started_by,
  };
}

export async function getRenewalRun(
  db: Kysely<Database>,
  id: string,
): Promise<TInvoiceRenewalRun | null> {
  const row = await db
    .selectFrom('invoice_renewal_runs as r')
    .leftJoin('users as u', 'u.uid', 'r.started_by')
    .selectAll('r')
    .select('u.email as started_by_email')
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row ? toRenewalRun(row, row.started_by_email ?? row.started_by) : null;
}

/**
 * Starts a renewal run for a year, or answers the one already running for it (a run that
 * stopped moving is marked failed first, so a restarted server can run it again).
 */
export async function createRenewalRun(
  db: Kysely<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
): Promise<{ run: RunRow; isNew: boolean }> {
  return writeTransaction(db, (trx) => createRenewalRunIn(trx, actor, request));
}

/** `createRenewalRun` in the caller's transaction (which may queue the run's job with it). */
export async function createRenewalRunIn(
  trx: Transaction<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
): Promise<{ run: RunRow; isNew: boolean }> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-renewal'), ${request.year})`.execute(
    trx,
  );
  await trx
    .updateTable('invoice_renewal_runs')
    .set({
      status: 'failed',
      error:
        'Interrupted (the server stopped); run it again: members already invoiced are skipped.',
      finished_at: sql<Date>`now()`,
    })
    .where('status', '=', 'running')
    .where('updated_at', '<', new Date(machineTime.nowMs() - staleRunMs))
    .execute();
  const running = await trx
    .selectFrom('invoice_renewal_runs')
    .selectAll()
    .where('year', '=', request.year)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) return { run: running, isNew: false };
  const counted = await renewedMembers(trx as unknown as Kysely<Database>)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const run = await trx
    .insertInto('invoice_renewal_runs')
    .values({
      id: newId(),
      year: request.year,
      status: 'running',
      total: Number(counted.n),
      send_emails: request.sendEmails ?? false,
      skipped: JSON.stringify({}),
      totals: JSON.stringify({}),
      started_by: actor.uid ?? actor.kind,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { run, isNew: true };
}

/** The run's row after its last batch: succeeded, its total no less than what it looked at. */
async function finishRun(db: Kysely<Database>, runId: string): Promise<RunRow> {
  return db
    .updateTable('invoice_renewal_runs')
    .set({
      status: 'succeeded',
      // Members who became active or were deleted during the run: what was looked at.
      total: sql<number>`greatest(total, processed)`,
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', runId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The run's row marked failed with the error's message (batches committed so far stay). */
async function failRun(db: Kysely<Database>, runId: string, error: unknown): Promise<RunRow> {
  return db
    .updateTable('invoice_renewal_runs')
    .set({
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', runId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Issues the run's year's membership invoices, batch after batch of members (in membership id
 * order), from the start or, for a run taken over (`renewal-job.ts`), right after the last
 * member of its last committed batch (`resume_after`). In each batch's transaction, under the year's advisory lock: members who already
 * have a membership invoice (not void) for the year are counted and left alone, the others get
 * an issued invoice (fee by billing currency, country fee band and category; numbers of the
 * year allocated as one block; payment reference by the bank account), with audit entries, and
 * the run's counts move (renewal-batch.ts). Running it again issues nothing twice.
 */
export async function runRenewal(
  db: Kysely<Database>,
  actor: Actor,
  runId: string,
  options: {
    mailFrom: string;
    /** Links in the e-mails of invoices that member credit pays in full (their certificates). */
    publicUrl?: string;
    onProgress?: (run: TInvoiceRenewalRun) => void;
    /** Where a failed refresh of statistics at the end is reported (it fails nothing). */
    log?: StatisticsLog;
  },
): Promise<TInvoiceRenewalRun> {
  const { onProgress } = options;
  const run = await db
    .selectFrom('invoice_renewal_runs')
    .selectAll()
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  try {
    const accountOf = await renewalAccounts(db);
    let after = run.resume_after ?? '';
    for (;;) {
      const candidates = await selectCandidates(db, after, renewalBatchSize);
      if (candidates.length === 0) break;
      after = candidates.at(-1)?.mid ?? after;
      const progress = await writeTransaction(db, (trx) =>
        renewBatch(trx, actor, run, candidates, {
          accountOf,
          mailFrom: options.mailFrom,
          publicUrl: options.publicUrl,
        }),
      );
      onProgress?.(toRenewalRun(progress));
    }

    const finished = await finishRun(db, runId);
    // A run issues up to one invoice (and e-mail) per member: the lists' statistics follow.
    if (finished.issued > 0) await refreshStatistics(db, ['invoices', 'emails'], options.log);
    return toRenewalRun(finished);
  } catch (error) {
    return toRenewalRun(await failRun(db, runId, error));
  }
}

/** A whole run, start to end, in the caller's process (the CLI, tests). */
export async function renewMemberships(
  db: Kysely<Database>,
  actor: Actor,
  request: TInvoiceRenewalRequest,
  options: {
    mailFrom: string;
    publicUrl?: string;
    onProgress?: (run: TInvoiceRenewalRun) => void;
  },
): Promise<TInvoiceRenewalRun> {
  const { run, isNew } = await createRenewalRun(db, actor, request);
  if (!isNew) {
    throw new Error(
      `A renewal run for ${request.year} is already running (started ${new Date(run.started_at).toISOString()}).`,
    );
  }
  return runRenewal(db, actor, run.id, options);
}
