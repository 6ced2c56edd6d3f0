import type { TJobRun, TJobSchedule } from '@ops/contract/jobs';
import type { TApiError } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signInAsNewOperator,
  startTestJobRunner,
  type TestApp,
} from '../../test/app';
import { silentLogger } from '../../test/database';
import { runTs } from '../../test/processes';
import { addMember, thisYear } from '../certificates/test-support';
import { loadCountries } from '../seed/countries';
import { addOurAccounts } from '../bank-statements/import/test-support';
import { insertMembers, memberRow } from '../../test/fixtures';
import { cliActor } from '../db/audit';
import { runJobNow } from './actions';
import type { JobRunner } from './runner';
import { nextOccurrence, todayInZurich, yearInZurich } from './schedule-times';
import { enqueueDueSchedules } from './tick';
import { waitUntil } from '../../test/wait-for';
import { auditEntriesOf } from '../../test/audit';

const waitFor = <T>(read: () => Promise<T | undefined>, timeoutMs = 15_000) =>
  waitUntil(read, { timeoutMs });

describe('next occurrences in Europe/Zurich', () => {
  it('keeps the local time across the changes to and from summer time', () => {
    // Winter (UTC+1): 06:00 is 05:00 UTC; after the last Sunday of March (UTC+2), 04:00 UTC.
    expect(nextOccurrence('0 6 * * *', new Date('2026-03-28T12:00:00Z')).toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
    expect(nextOccurrence('0 6 * * *', new Date('2026-03-27T12:00:00Z')).toISOString()).toBe(
      '2026-03-28T05:00:00.000Z',
    );
    // Back to winter on the last Sunday of October.
    expect(nextOccurrence('0 6 * * *', new Date('2026-10-24T12:00:00Z')).toISOString()).toBe(
      '2026-10-25T05:00:00.000Z',
    );
    expect(nextOccurrence('0 6 * * *', new Date('2026-10-23T12:00:00Z')).toISOString()).toBe(
      '2026-10-24T04:00:00.000Z',
    );
    // The renewal: 2 January at 06:00, for that year.
    const renewal = nextOccurrence('0 6 2 1 *', new Date('2026-11-24T10:00:00Z'));
    expect(renewal.toISOString()).toBe('2027-01-02T05:00:00.000Z');
    expect(yearInZurich(renewal)).toBe(2027);
    // 23:30 UTC on 31 December is already 1 January in Zurich.
    expect(todayInZurich(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('/api/jobs', () => {
  let t: TestApp;
  let runner: JobRunner;
  let admin: string;
  let finance: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    runner = await startTestJobRunner(t);
    admin = await signInAsNewOperator(t, 'jobs-admin@example.org', ['admin']);
    finance = await signInAsNewOperator(t, 'jobs-finance@example.org', ['finance']);
    reader = await signInAsNewOperator(t, 'jobs-reader@example.org', ['read-only']);
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const get = async <T>(url: string, cookie = reader) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const runNow = (name: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/jobs/schedules/${name}/run`,
      headers: cookie ? { cookie } : {},
    });
  const setPaused = (name: string, paused: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/jobs/schedules/${name}/paused`,
      headers: cookie ? { cookie } : {},
      payload: { paused },
    });
  const runOf = (id: string) =>
    get<TJobRun[]>('/api/jobs/runs').then((runs) => runs.find((run) => run.id === id));

  it('refuses visitors (401) and answers every operator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/schedules' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/runs' })).statusCode).toBe(401);
    expect((await runNow('auth-maintenance')).statusCode).toBe(401);
    expect((await setPaused('auth-maintenance', true)).statusCode).toBe(401);
    await get('/api/jobs/runs', finance);
  });

  it('lists every schedule with its cron, words, time zone and next run', async () => {
    const schedules = await get<TJobSchedule[]>('/api/jobs/schedules');
    expect(schedules.map((schedule) => schedule.name)).toEqual([
      'certificate-expiry-sweep',
      'auth-maintenance',
      'renewal-run',
      'dunning-run',
      'nightly-backup',
      'endorsement-reminders',
      'draft-expiry',
      'data-export-expiry',
    ]);
    const renewal = schedules.find((schedule) => schedule.name === 'renewal-run');
    expect(renewal).toMatchObject({
      cron: '0 6 2 1 *',
      description: 'Every year on 2 January at 06:00',
      timeZone: 'Europe/Zurich',
      paused: false,
    });
    expect(renewal?.nextRunAt).toBe(nextOccurrence('0 6 2 1 *', new Date()).toISOString());
    const dunning = schedules.find((schedule) => schedule.name === 'dunning-run');
    expect(dunning).toMatchObject({ cron: '0 6 * * *', description: 'Every day at 06:00' });
    expect(new Date(dunning?.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('runs the certificate sweep now (admin only) and records its duration and result', async () => {
    // An issued certificate of last year: the sweep expires it.
    const member = await addMember(t.database.db, { legalName: 'Sweep Test AG' });
    await t.database.db
      .insertInto('certificates')
      .values({
        cid: 'sweepcert00000000001',
        number: `C-${thisYear - 1}-000901`,
        member_mid: member.mid,
        type: 'membership',
        year: thisYear - 1,
        valid_from: `${thisYear - 1}-01-01`,
        valid_to: `${thisYear - 1}-12-31`,
        status: 'issued',
        issued_at: new Date(),
        issued_by: 'system',
        verification_code: 'TSTS-9999-SWEP',
        created_by: 'system',
        updated_by: 'system',
      })
      .execute();

    expect((await runNow('certificate-expiry-sweep', reader)).statusCode).toBe(403);
    expect((await runNow('certificate-expiry-sweep', finance)).statusCode).toBe(403);
    expect((await runNow('no-such-job', admin)).statusCode).toBe(404);

    const response = await runNow('certificate-expiry-sweep', admin);
    expect(response.statusCode).toBe(202);
    const queued = response.json<TJobRun>();
    expect(queued).toMatchObject({
      task: 'certificate-expiry-sweep',
      trigger: 'manual',
      startedBy: 'jobs-admin@example.org',
    });

    const run = await waitFor(async () => {
      const current = await runOf(queued.id);
      return current?.state === 'succeeded' ? current : undefined;
    });
    expect(run.result).toEqual({ expired: 1 });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.finishedAt).not.toBeNull();
    expect(run.instanceId).toBe(runner.instanceId);
    const certificate = await t.database.db
      .selectFrom('certificates')
      .select('status')
      .where('cid', '=', 'sweepcert00000000001')
      .executeTakeFirstOrThrow();
    expect(certificate.status).toBe('expired');

    const schedule = (await get<TJobSchedule[]>('/api/jobs/schedules')).find(
      (candidate) => candidate.name === 'certificate-expiry-sweep',
    );
    expect(schedule).toMatchObject({ lastOutcome: 'succeeded', lastRunId: queued.id });
    const audit = await auditEntriesOf(t.database.db, 'job_runs', queued.id)
      .select(['action', 'actor_kind'])
      .execute();
    expect(audit).toEqual([{ action: 'run-now', actor_kind: 'operator' }]);
  });

  it('refuses Run now for the jobs that write to members or e-mail them: they go through their preview (409, nothing queued)', async () => {
    const schedules = await get<TJobSchedule[]>('/api/jobs/schedules');
    expect(
      schedules.map(({ name, runNow, previewScreen }) => ({ name, runNow, previewScreen })),
    ).toEqual([
      { name: 'certificate-expiry-sweep', runNow: 'at-once', previewScreen: null },
      { name: 'auth-maintenance', runNow: 'at-once', previewScreen: null },
      {
        name: 'renewal-run',
        runNow: 'through-preview',
        previewScreen: 'Invoices → Renewal run',
      },
      { name: 'dunning-run', runNow: 'through-preview', previewScreen: 'Invoices → Dunning run' },
      { name: 'nightly-backup', runNow: 'at-once', previewScreen: null },
      // Both only send what is due today, once (a second run the same day sends nothing).
      { name: 'endorsement-reminders', runNow: 'at-once', previewScreen: null },
      { name: 'draft-expiry', runNow: 'at-once', previewScreen: null },
      { name: 'data-export-expiry', runNow: 'at-once', previewScreen: null },
    ]);
    for (const [name, screen] of [
      ['dunning-run', 'Invoices → Dunning run'],
      ['renewal-run', 'Invoices → Renewal run'],
    ] as const) {
      const response = await runNow(name, admin);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<TApiError>().error.message).toContain(`run it from ${screen}`);
    }
    const queued = await t.database.db
      .selectFrom('job_runs')
      .select('id')
      .where('task', 'in', ['dunning-run', 'renewal-run'])
      .execute();
    expect(queued).toEqual([]);
  });

  it('refuses a second Run now while the first is queued or running (409)', async () => {
    await setPaused('auth-maintenance', true, admin); // its occurrences must not interfere
    await t.database.db
      .insertInto('job_runs')
      .values({
        id: 'fakequeuedrun0000001',
        task: 'auth-maintenance',
        trigger: 'manual',
        state: 'queued',
      })
      .execute();
    const second = await runNow('auth-maintenance', admin);
    expect(second.statusCode).toBe(409);
    await t.database.db.deleteFrom('job_runs').where('id', '=', 'fakequeuedrun0000001').execute();
    await setPaused('auth-maintenance', false, admin);
  });

  it('pauses and resumes a schedule (admin only, audited); a paused occurrence passes', async () => {
    expect((await setPaused('dunning-run', true, reader)).statusCode).toBe(403);
    expect((await setPaused('dunning-run', 'yes', admin)).statusCode).toBe(400);
    const paused = await setPaused('dunning-run', true, admin);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<TJobSchedule>().paused).toBe(true);

    // Its occurrence comes while paused: the tick moves it on without a run.
    await sql`UPDATE job_schedules SET next_run_at = now() - interval '1 minute'
      WHERE name = 'dunning-run'`.execute(t.database.db);
    expect(await enqueueDueSchedules(t.database.db, silentLogger)).not.toContain('dunning-run');
    const afterTick = await t.database.db
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('name', '=', 'dunning-run')
      .executeTakeFirstOrThrow();
    expect(new Date(afterTick.next_run_at).getTime()).toBeGreaterThan(Date.now());
    const runs = await t.database.db
      .selectFrom('job_runs')
      .select('id')
      .where('task', '=', 'dunning-run')
      .execute();
    expect(runs).toEqual([]);

    const resumed = await setPaused('dunning-run', false, admin);
    expect(resumed.json<TJobSchedule>()).toMatchObject({
      paused: false,
      nextRunAt: nextOccurrence('0 6 * * *', new Date()).toISOString(),
    });
    const audit = await auditEntriesOf(t.database.db, 'job_schedules', 'dunning-run')
      .select('action')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['pause', 'resume']);
  });

  it('queues a due occurrence exactly once when ticks meet, and runs it', async () => {
    await sql`UPDATE job_schedules SET next_run_at = date_trunc('second', now()) - interval '2 minutes'
      WHERE name = 'auth-maintenance'`.execute(t.database.db);
    const ticks = await Promise.all(
      Array.from({ length: 5 }, () => enqueueDueSchedules(t.database.db, silentLogger)),
    );
    expect(ticks.filter((names) => names.includes('auth-maintenance'))).toHaveLength(1);
    const scheduled = await t.database.db
      .selectFrom('job_runs')
      .selectAll()
      .where('task', '=', 'auth-maintenance')
      .where('trigger', '=', 'schedule')
      .execute();
    expect(scheduled).toHaveLength(1);
    const run = await waitFor(async () => {
      const current = await runOf(scheduled[0]?.id ?? '');
      return current?.state === 'succeeded' ? current : undefined;
    });
    expect(run.result).toMatchObject({
      sessions: expect.any(Number),
      rateLimits: expect.any(Number),
    });
    expect(run.occurrence).not.toBeNull();
  });

  it('runs the dunning run as of today in Zurich, from the configured address, keeping only its counts', async () => {
    // One invoice 15 days past due: its first reminder (due + 10) goes out.
    await addOurAccounts(t.database.db);
    await insertMembers(t.database.db, [
      memberRow('jobs-dunned', {
        email: 'dunned@example.org',
        preferred_language: 'en',
        country_iso2: null,
      }),
    ]);
    const dueDate = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .insertInto('invoices')
      .values({
        iid: 'jobs-dunned-invoice',
        number: `${thisYear}-990001`,
        member_mid: 'jobs-dunned',
        kind: 'other',
        year: thisYear,
        issue_date: dueDate,
        due_date: dueDate,
        currency: 'CHF',
        subtotal_minor: 20_000,
        total_minor: 20_000,
        status: 'issued',
        bank_account_id: 'acct-chf',
        payment_reference: 'RF18JOBS1',
      })
      .execute();
    // As the schedule or a script (`jobs run dunning-run`) queues it: the console's Run now
    // goes through the dunning run's preview instead.
    const queued = await runJobNow(t.database.db, cliActor, 'dunning-run', 'script');
    const run = await waitFor(async () => {
      const current = await runOf(queued.id);
      return current?.state === 'succeeded' || current?.state === 'failed' ? current : undefined;
    });
    expect(run.state, run.error ?? '').toBe('succeeded');
    expect(run.result).toMatchObject({
      asOf: todayInZurich(new Date()),
      emailsQueued: 1,
      dunningRunId: expect.any(String),
    });
    expect(run.result?.levels).toContainEqual({ level: 1, name: expect.any(String), invoices: 1 });
    // The counts only: the report's list of invoices stays with the dunning run.
    expect(run.result).not.toHaveProperty('items');
    const reminder = await t.database.db
      .selectFrom('emails')
      .select('from_address')
      .where('related_id', '=', 'jobs-dunned-invoice')
      .executeTakeFirstOrThrow();
    expect(reminder.from_address).toBe(t.config.mailFrom);
  });

  it('npm run ops -- jobs list / jobs run <name> --json (a running runner takes the job)', async () => {
    const env = { DATABASE_URL: t.database.connectionString, DATA_DIR: '/nonexistent' };
    const list = await runTs('src/cli/main.ts', ['jobs', 'list'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(
      /^renewal-run\s+Every year on 2 January at 06:00 \(0 6 2 1 \*, Europe\/Zurich\)/m,
    );
    const run = await runTs(
      'src/cli/main.ts',
      ['jobs', 'run', 'certificate-expiry-sweep', '--json'],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as TJobRun;
    expect(printed).toMatchObject({
      task: 'certificate-expiry-sweep',
      trigger: 'manual',
      state: 'succeeded',
      instanceId: runner.instanceId,
      result: { expired: 0 },
    });
  });
});
