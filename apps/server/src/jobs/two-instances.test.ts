import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test/database';
import { waitForExit, waitForReady } from '../../test/processes';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import { openDatabaseByUrl } from '../db/test-support';
import { startRenewalRun } from '../invoices';
import { buildSwissIban } from '../lib/iban';
import { runJobNow } from './actions';
import {
  killMidRun,
  startServerInstance,
  waitFor,
  waitForRow,
  type ServerInstance as Instance,
} from './two-instances-test-support';
import { insertMembers } from '../../test/fixtures';

/**
 * Two real server processes on one PostgreSQL, started at the same moment on an empty database
 * (our migrations and graphile-worker's schema installed once between them). A runner silent
 * for 3 s is taken for dead here (JOB_WORKER_TIMEOUT_SECONDS), 30 s by default.
 */
describe('jobs on two server instances', () => {
  let databaseUrl: string;
  let database: DatabaseHandle;
  const instances: Instance[] = [];
  const start = () => startServerInstance(databaseUrl, { JOB_WORKER_TIMEOUT_SECONDS: '3' });

  /** The instance whose runner holds a running job (its `instance_id`), and one that does not. */
  const holderOf = async (instanceId: string | null) => {
    const owner = await database.db
      .selectFrom('job_instances')
      .select('pid')
      .where('instance_id', '=', instanceId ?? '')
      .executeTakeFirstOrThrow();
    return {
      victim: instances.find(({ child }) => child.pid === owner.pid),
      survivor: instances.find(({ child }) => child.pid !== owner.pid),
    };
  };

  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
    instances.push(...(await Promise.all([start(), start()])));
    await Promise.all(instances.map(({ url, child }) => waitForReady(url, child)));
    database = await openDatabaseByUrl(databaseUrl, 4);
  });

  afterAll(async () => {
    for (const { child } of instances) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
    await Promise.all(instances.map(({ child }) => waitForExit(child).catch(() => undefined)));
    await database?.close();
  });

  it('both run a job runner', async () => {
    const live = await waitFor(async () => {
      const rows = await database.db.selectFrom('job_instances').select(['pid']).execute();
      return rows.length === 2 ? rows : undefined;
    });
    expect(live.map((row) => row.pid).sort()).toEqual(
      instances.map(({ child }) => child.pid).sort(),
    );
  });

  it('runs a scheduled occurrence exactly once when both tick', async () => {
    // The sweep's occurrence has come; both instances tick at once (the crontab's tick runs on
    // one instance a minute, so two ticks are added by hand, one per worker pool at best).
    await sql`UPDATE job_schedules SET next_run_at = now() - interval '1 minute'
      WHERE name = 'certificate-expiry-sweep'`.execute(database.db);
    await sql`SELECT graphile_worker.add_job('jobs-tick', job_key => 'test-tick-a'),
                     graphile_worker.add_job('jobs-tick', job_key => 'test-tick-b')`.execute(
      database.db,
    );
    const done = await waitFor(async () => {
      const rows = await database.db
        .selectFrom('job_runs')
        .selectAll()
        .where('task', '=', 'certificate-expiry-sweep')
        .where('trigger', '=', 'schedule')
        .execute();
      return rows.some((row) => row.state === 'succeeded') ? rows : undefined;
    });
    // Give a second (wrong) run the time to appear, then count.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const runs = await database.db
      .selectFrom('job_runs')
      .select(['id', 'state'])
      .where('task', '=', 'certificate-expiry-sweep')
      .where('trigger', '=', 'schedule')
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]?.id).toBe(done[0]?.id);
    const schedule = await database.db
      .selectFrom('job_schedules')
      .select(['next_run_at', 'last_outcome'])
      .where('name', '=', 'certificate-expiry-sweep')
      .executeTakeFirstOrThrow();
    expect(new Date(schedule.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect(schedule.last_outcome).toBe('succeeded');
  });

  it('takes over a job whose instance is killed mid-run, and finishes it', async () => {
    // Hold the certificates table: the sweep's UPDATE waits, so the job stays mid-run.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE certificates IN SHARE MODE');
      const queued = await runJobNow(database.db, cliActor, 'certificate-expiry-sweep', 'script');
      const running = await waitForRow(
        database.db
          .selectFrom('job_runs')
          .select(['id', 'instance_id', 'job_id'])
          .where('id', '=', queued.id)
          .where('state', '=', 'running'),
      );
      const { victim, survivor } = await holderOf(running.instance_id);
      if (!victim || !survivor) throw new Error('the running job belongs to neither instance');
      await killMidRun(victim, blocker, 'COMMIT');

      const finished = await waitForRow(
        database.db
          .selectFrom('job_runs')
          .selectAll()
          .where('job_id', '=', running.job_id)
          .where('state', '=', 'succeeded'),
      );
      expect(finished.attempt).toBe(2);
      expect(finished.trigger).toBe('manual');
      const survivorInstance = await database.db
        .selectFrom('job_instances')
        .select('instance_id')
        .where('pid', '=', survivor.child.pid ?? 0)
        .executeTakeFirstOrThrow();
      expect(finished.instance_id).toBe(survivorInstance.instance_id);
      const first = await database.db
        .selectFrom('job_runs')
        .select(['state', 'error'])
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow();
      expect(first.state).toBe('failed');
      expect(first.error).toMatch(/^Taken over/);
      // The dead instance's heartbeat row is gone.
      const left = await database.db.selectFrom('job_instances').select('pid').execute();
      expect(left.map((row) => row.pid)).toEqual([survivor.child.pid]);
    } finally {
      await blocker.end();
    }
  });

  it('takes over the renewal run the dialog started, going on with the same run: everyone invoiced once', async () => {
    // A second instance again beside the survivor.
    const second = await start();
    instances.push(second);
    await waitForReady(second.url, second.child);
    await waitFor(async () => {
      const rows = await database.db.selectFrom('job_instances').select('pid').execute();
      return rows.length === 2 ? rows : undefined;
    });
    const year = 2035;
    const memberCount = 1_500;
    await database.db
      .insertInto('bank_accounts')
      .values({
        id: 'ba-takeover',
        label: 'Fees CHF',
        bank_name: 'Test Bank AG',
        holder_name: 'Federation',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich',
        iban: buildSwissIban('04835', '7'),
        qr_iban: buildSwissIban('30835', '7'),
        currency: 'CHF',
      })
      .execute();
    await insertMembers(
      database.db,
      Array.from({ length: memberCount }, (_, i) => ({
        mid: `to${String(i).padStart(5, '0')}`,
        number: `M-TO-${String(i + 1).padStart(6, '0')}`,
        category: 'individual' as const,
        status: 'active' as const,
        legal_name: `Take-over Carrier ${i}`,
        billing_currency: 'CHF',
      })),
    );

    // Hold the invoices table: the run's first batch waits, so its job stays mid-run.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE invoices IN SHARE MODE');
      const { run, jobId } = await startRenewalRun(database.db, cliActor, { year });
      const running = await waitForRow(
        database.db
          .selectFrom('job_runs')
          .select(['id', 'instance_id', 'trigger'])
          .where('job_id', '=', jobId ?? '0')
          .where('state', '=', 'running'),
      );
      expect(running.trigger).toBe('manual');
      const { victim } = await holderOf(running.instance_id);
      if (!victim) throw new Error('the running job belongs to no instance');
      await killMidRun(victim, blocker, 'COMMIT');

      // The other instance takes the job over and finishes the same run (the dialog follows it).
      const finished = await waitForRow(
        database.db
          .selectFrom('invoice_renewal_runs')
          .selectAll()
          .where('id', '=', run.id)
          .where('status', '<>', 'running'),
        60_000,
      );
      expect(finished).toMatchObject({
        status: 'succeeded',
        processed: memberCount,
        issued: memberCount,
        already_invoiced: 0,
      });
      const invoiced = await database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.count<string>('member_mid').distinct().as('members'))
        .select((eb) => eb.fn.countAll<string>().as('invoices'))
        .where('year', '=', year)
        .executeTakeFirstOrThrow();
      expect(invoiced).toEqual({ members: String(memberCount), invoices: String(memberCount) });
      // The run's row is final before its job is: the task commits the run, then the runner
      // records the job's outcome, a moment later on a busy machine.
      const attempts = await waitFor(async () => {
        const rows = await database.db
          .selectFrom('job_runs')
          .select(['attempt', 'state', 'error'])
          .where('job_id', '=', jobId ?? '0')
          .orderBy('attempt')
          .execute();
        return rows.some((row) => row.state === 'running' || row.state === 'queued')
          ? undefined
          : rows;
      });
      expect(attempts.map((attempt) => attempt.state)).toEqual(['failed', 'succeeded']);
      expect(attempts[0]?.error).toMatch(/^Taken over/);
    } finally {
      await blocker.end();
    }
  });
});
