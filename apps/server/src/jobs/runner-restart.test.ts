import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestJobRunner, type TestApp } from '../../test/app';
import { cliActor } from '../db/audit';
import { runJobNow } from './actions';
import type { JobRunner } from './runner';
import { waitUntil } from '../../test/wait-for';

const waitFor = <T>(read: () => Promise<T | undefined>, timeoutMs = 30_000) =>
  waitUntil(read, { timeoutMs });

/**
 * graphile-worker stops its whole worker pool when it cannot record a job's end (issue 20: the
 * database gone for longer than the queue's connections wait). The fault is made for real:
 * while a job is held mid-run, graphile-worker's jobs table is renamed away, so the job's end
 * cannot be written. The runner must come back by itself and the job must still be done.
 */
describe('a job runner that stops on its own', () => {
  let t: TestApp;
  let runner: JobRunner;

  beforeAll(async () => {
    t = await createTestApp();
    runner = await startTestJobRunner(t);
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  it('is started again, and the job it held runs again', async () => {
    expect(runner.state()).toBe('running');
    const blocker = new pg.Client({ connectionString: t.database.connectionString });
    await blocker.connect();
    let queuedId: string;
    let jobId: string;
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE certificates IN SHARE MODE');
      const queued = await runJobNow(t.database.db, cliActor, 'certificate-expiry-sweep', 'script');
      queuedId = queued.id;
      const running = await waitFor(async () =>
        t.database.db
          .selectFrom('job_runs')
          .select(['job_id'])
          .where('id', '=', queued.id)
          .where('state', '=', 'running')
          .executeTakeFirst(),
      );
      jobId = running.job_id ?? '';
      await sql`ALTER TABLE graphile_worker._private_jobs RENAME TO _private_jobs_away`.execute(
        t.database.db,
      );
    } finally {
      await blocker.query('COMMIT');
      await blocker.end();
    }
    // The job ends; its end cannot be recorded; graphile-worker stops its pool.
    await waitFor(async () => (runner.state() === 'restarting' ? true : undefined));
    await sql`ALTER TABLE graphile_worker._private_jobs_away RENAME TO _private_jobs`.execute(
      t.database.db,
    );

    await waitFor(async () => (runner.state() === 'running' ? true : undefined));
    const again = await waitFor(async () =>
      t.database.db
        .selectFrom('job_runs')
        .select(['attempt', 'state'])
        .where('job_id', '=', jobId)
        .where('id', '<>', queuedId)
        .where('state', '=', 'succeeded')
        .executeTakeFirst(),
    );
    expect(again.attempt).toBe(2);
    // The job left the queue: done, not stuck locked by the stopped pool's worker.
    await waitFor(async () => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM graphile_worker.jobs WHERE id = ${jobId}`.execute(t.database.db);
      return rows[0]?.n === '0' ? true : undefined;
    });
  }, 90_000);
});
