import type { TDunningRun, TDunningRunCounts } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** GET /api/dunning/runs: the last 50 runs, newest first, with who started them. */
export async function listDunningRuns(db: Kysely<Database>): Promise<TDunningRun[]> {
  const rows = await db
    .selectFrom('dunning_runs as r')
    .leftJoin('users as u', 'u.uid', 'r.operator_uid')
    .selectAll('r')
    .select('u.email as operator_email')
    .orderBy('r.started_at', 'desc')
    .orderBy('r.id')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    asOf: row.as_of,
    trigger: row.trigger,
    operator: row.operator_email ?? row.operator_uid,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    state: row.state,
    counts: (row.counts as TDunningRunCounts | null) ?? null,
    error: row.error,
  }));
}
