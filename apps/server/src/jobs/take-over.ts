import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Taking over the jobs of an instance that died. graphile-worker frees a locked job only after
 * four hours; we do not wait that long. Every runner writes its heartbeat (`job_instances`)
 * every few seconds, and at each beat also sweeps: an instance silent for longer than the
 * timeout (killed, frozen, cut off from the database) is taken for dead. In one transaction:
 * its graphile-worker ids are unlocked (`graphile_worker.force_unlock_workers`), so a live
 * instance picks its jobs up at its next poll as their next attempt, its running runs are marked
 * failed with the reason, and its row is removed. Runs of an instance that stopped without
 * finishing them (a forced shutdown) are found the same way: no fresh heartbeat behind them.
 *
 * This is why every task is idempotent and resumable (`task.ts`): the new attempt starts again
 * from the beginning, and must not do twice what the dead one had done.
 */

/**
 * This instance's heartbeat. Its row is written back if it is gone: after a database outage
 * longer than the timeout, the first instance back may have taken this one for dead (and taken
 * over its jobs); it is alive, and without its row every run it starts from now on would look
 * orphaned to the sweep.
 */
export async function beat(db: Kysely<Database>, instanceId: string, workerIds: string[]) {
  await db
    .insertInto('job_instances')
    .values({
      instance_id: instanceId,
      host: os.hostname(),
      pid: process.pid,
      worker_ids: workerIds,
    })
    .onConflict((oc) =>
      oc
        .column('instance_id')
        .doUpdateSet({ heartbeat_at: sql<Date>`now()`, worker_ids: workerIds }),
    )
    .execute();
}

/**
 * Hands back the jobs of graphile-worker workers of this instance that are gone (a worker pool
 * that stopped on a lost database connection, `runner.ts`): in one transaction their jobs are
 * unlocked, so a worker takes them at its next poll as their next attempt, and the runs they had
 * running are marked failed with the reason. Returns those runs.
 */
export async function releaseWorkers(
  db: Kysely<Database>,
  workerIds: string[],
  reason: string,
): Promise<string[]> {
  if (workerIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`SELECT graphile_worker.force_unlock_workers(${workerIds}::text[])`.execute(trx);
    const runs = await trx
      .updateTable('job_runs')
      .set({
        state: 'failed',
        error: reason,
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('state', '=', 'running')
      .where('worker_id', 'in', workerIds)
      .returning('id')
      .execute();
    return runs.map((run) => run.id);
  });
}

/**
 * One sweep (any instance, any number at once: the rows are locked and what was taken over is
 * gone). Returns the runs it marked as taken over.
 */
export async function takeOverSilentInstances(
  db: Kysely<Database>,
  timeoutMs: number,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const silent = await sql<{ instance_id: string; worker_ids: string[] }>`
      DELETE FROM job_instances
       WHERE instance_id IN (
         SELECT instance_id FROM job_instances
          WHERE heartbeat_at < now() - make_interval(secs => ${timeoutMs / 1000})
          FOR UPDATE SKIP LOCKED)
      RETURNING instance_id, worker_ids`.execute(trx);
    const orphaned = await sql<{ id: string; worker_id: string | null }>`
      SELECT r.id, r.worker_id FROM job_runs r
       WHERE r.state = 'running'
         AND NOT EXISTS (
           SELECT 1 FROM job_instances i
            WHERE i.instance_id = r.instance_id
              AND i.heartbeat_at >= now() - make_interval(secs => ${timeoutMs / 1000}))
       FOR UPDATE OF r SKIP LOCKED`.execute(trx);
    const workerIds = [
      ...new Set([
        ...silent.rows.flatMap((row) => row.worker_ids),
        ...orphaned.rows.flatMap((row) => (row.worker_id ? [row.worker_id] : [])),
      ]),
    ];
    if (workerIds.length > 0) {
      await sql`SELECT graphile_worker.force_unlock_workers(${workerIds}::text[])`.execute(trx);
    }
    const runIds = orphaned.rows.map((row) => row.id);
    if (runIds.length > 0) {
      await trx
        .updateTable('job_runs')
        .set({
          state: 'failed',
          error:
            'Taken over: the server running it stopped answering; another server runs the job again.',
          finished_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', 'in', runIds)
        .execute();
    }
    return runIds;
  });
}
