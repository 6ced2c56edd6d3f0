import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TBackups, TBackupSettings } from '@ops/contract/backups';
import type { TJobRun, TJobSchedule } from '@ops/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  serveTestApp,
  signInAsNewOperator,
  signInAsNewUser,
  startTestJobRunner,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import { createTestDatabase, silentLogger } from '../../test/database';
import { newDataDir } from '../../test/processes';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { installJobQueueSchema } from '../db/job-queue';
import { migrateToLatest } from '../db/migrate';
import type { JobRunner } from '../jobs/runner';
import { deleteExpiredBackups } from './retention';
import { waitUntil } from '../../test/wait-for';
import type { ErrorBody } from '../../test/requests';

const waitFor = <T>(read: () => Promise<T | undefined>, timeoutMs = 60_000) =>
  waitUntil(read, { timeoutMs, intervalMs: 200 });

function sha256Of(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

describe('/api/backups: the retention setting', () => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsNewOperator(t, 'backups-admin@example.org', ['admin']);
    finance = await signInAsNewOperator(t, 'backups-finance@example.org', ['finance']);
    reader = await signInAsNewOperator(t, 'backups-reader@example.org', ['read-only']);
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (cookie: string) => {
    const response = await t.app.inject({ url: '/api/backups', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TBackups>();
  };
  const save = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/backups/settings',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('shows the default retention to every operator, the folder only to those who manage jobs', async () => {
    const asAdmin = await read(admin);
    expect(asAdmin.settings).toMatchObject({ retentionDays: 14, version: 1 });
    expect(asAdmin.backupDir).toBe(t.config.backupDir);
    expect(asAdmin.backups).toEqual([]);
    expect(asAdmin.nextBefore).toBeNull();
    const asReader = await read(reader);
    expect(asReader.settings.retentionDays).toBe(14);
    expect(asReader.backupDir).toBeNull();
  });

  it('refuses visitors (401), non-operators (403) and writers without jobs.manage (403)', async () => {
    expect((await t.app.inject({ url: '/api/backups' })).statusCode).toBe(401);
    expect((await save({ retentionDays: 7, version: 1 })).statusCode).toBe(401);
    const member = await signInAsNewUser(t, 'backups-member@example.org');
    expect(
      (await t.app.inject({ url: '/api/backups', headers: { cookie: member } })).statusCode,
    ).toBe(403);
    for (const cookie of [reader, finance]) {
      const refused = await save({ retentionDays: 7, version: 1 }, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toContain('jobs.manage');
    }
  });

  it('refuses a retention out of 1–3,650 whole days with a 400 naming the field', async () => {
    for (const retentionDays of [0, 3_651, 2.5, '14', null]) {
      const refused = await save({ retentionDays, version: 1 }, admin);
      expect(refused.statusCode, String(retentionDays)).toBe(400);
      expect(refused.json<ErrorBody>().error.message).toContain('body.retentionDays');
    }
    const noVersion = await save({ retentionDays: 7 }, admin);
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<ErrorBody>().error.message).toContain('body.version');
    expect((await read(admin)).settings.version).toBe(1);
  });

  it('saves with the version read (409 when stale) and audits the change', async () => {
    const saved = await save({ retentionDays: 30, version: 1 }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TBackupSettings>()).toMatchObject({
      retentionDays: 30,
      version: 2,
      updatedBy: 'backups-admin@example.org',
    });
    const stale = await save({ retentionDays: 7, version: 1 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().error.message).toContain('The backup settings');
    expect((await read(reader)).settings).toMatchObject({ retentionDays: 30, version: 2 });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'before', 'after'])
      .where('table_name', '=', 'backup_settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actor_kind: 'operator',
      before: expect.objectContaining({ retention_days: 14, version: 1 }),
      after: expect.objectContaining({ retention_days: 30, version: 2 }),
    });
  });

  it('pages the list newest first (50 a page) and refuses a bad page key', async () => {
    const base = Date.parse('2026-01-01T02:30:00Z');
    await t.database.db
      .insertInto('backups')
      .values(
        Array.from({ length: 53 }, (_, index) => ({
          id: `page${String(index).padStart(3, '0')}`,
          file_name: `operations-page-${index}.dump`,
          directory: '/var/backups/operations',
          trigger: 'schedule' as const,
          status: 'failed' as const,
          error: 'pg_dump failed',
          started_at: new Date(base + index * 86_400_000),
        })),
      )
      .execute();
    const first = await read(reader);
    expect(first.backups).toHaveLength(50);
    expect(first.backups[0]?.id).toBe('page052');
    expect(first.backups[0]).toMatchObject({ status: 'failed', error: 'pg_dump failed' });
    expect(first.nextBefore).not.toBeNull();
    const second = await t.app.inject({
      url: `/api/backups?before=${encodeURIComponent(first.nextBefore ?? '')}`,
      headers: { cookie: reader },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<TBackups>().backups.map((backup) => backup.id)).toEqual([
      'page002',
      'page001',
      'page000',
    ]);
    expect(second.json<TBackups>().nextBefore).toBeNull();
    for (const before of ['yesterday~x', '-271821-04-20T00:00:00Z~x', 'no-tilde', '~x']) {
      const bad = await t.app.inject({
        url: `/api/backups?before=${encodeURIComponent(before)}`,
        headers: { cookie: reader },
      });
      expect(bad.statusCode, before).toBe(400);
      expect(bad.json<ErrorBody>().error.message).toContain('before');
    }
  });
});

describe('retention', () => {
  let database: DatabaseHandle;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    folder = path.join(path.dirname(newDataDir()), 'backups');
    fs.mkdirSync(folder);
  });
  afterAll(async () => {
    await database.close();
  });

  const now = new Date('2026-06-30T01:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const sha = 'a'.repeat(64);

  async function recorded(id: string, startedAt: Date, options: { onDisk?: boolean } = {}) {
    const fileName = `operations-${id}.tar.gz`;
    if (options.onDisk !== false) {
      fs.writeFileSync(path.join(folder, fileName), `backup ${id}`);
      fs.writeFileSync(path.join(folder, `${fileName}.sha256`), `${sha}  ${fileName}\n`);
    }
    await database.db
      .insertInto('backups')
      .values({
        id,
        file_name: fileName,
        directory: folder,
        format: 'base-backup',
        bytes: `backup ${id}`.length,
        sha256: sha,
        trigger: 'schedule',
        status: 'succeeded',
        started_at: startedAt,
        duration_ms: 1_000,
      })
      .execute();
    return fileName;
  }

  it('deletes only the recorded backups older than the retention; a missing file is marked deleted', async () => {
    const old = await recorded('old', daysAgo(20));
    const older = await recorded('older', daysAgo(40));
    const gone = await recorded('gone', daysAgo(30), { onDisk: false });
    const recent = await recorded('recent', daysAgo(3));
    // A file the job did not make (a backup by hand, an operator's copy): never touched.
    const stranger = 'operations-by-hand.tar.gz';
    fs.writeFileSync(path.join(folder, stranger), 'made with npm run ops -- backup');
    fs.utimesSync(path.join(folder, stranger), daysAgo(100), daysAgo(100));

    const outcome = await deleteExpiredBackups(database.db, {
      retentionDays: 14,
      now,
      logger: silentLogger,
    });
    expect(outcome).toEqual({
      deleted: 3,
      alreadyGone: 1,
      freedBytes: 'backup old'.length + 'backup older'.length,
      failed: 0,
    });
    expect(fs.readdirSync(folder).sort()).toEqual([recent, `${recent}.sha256`, stranger].sort());
    const rows = await database.db
      .selectFrom('backups')
      .select(['file_name', 'status', 'deleted_at', 'error'])
      .orderBy('started_at')
      .execute();
    expect(rows.map((row) => [row.file_name, row.status])).toEqual([
      [older, 'deleted'],
      [gone, 'deleted'],
      [old, 'deleted'],
      [recent, 'succeeded'],
    ]);
    expect(rows.find((row) => row.file_name === gone)?.error).toContain('already gone');
    expect(rows.every((row) => (row.status === 'deleted') === (row.deleted_at !== null))).toBe(
      true,
    );

    // Run again: nothing more is due, nothing fails.
    expect(
      await deleteExpiredBackups(database.db, { retentionDays: 14, now, logger: silentLogger }),
    ).toEqual({ deleted: 0, alreadyGone: 0, freedBytes: 0, failed: 0 });
  });

  it('always keeps the newest backup, however old', async () => {
    const later = new Date(now.getTime() + 400 * 86_400_000);
    const outcome = await deleteExpiredBackups(database.db, {
      retentionDays: 14,
      now: later,
      logger: silentLogger,
    });
    expect(outcome.deleted).toBe(0);
    const kept = await database.db
      .selectFrom('backups')
      .select('id')
      .where('status', '=', 'succeeded')
      .execute();
    expect(kept).toEqual([{ id: 'recent' }]);
  });
});

/**
 * The job itself, on a real embedded cluster in a DATA_DIR of its own (the base backup copies
 * the cluster's files, which the shared test cluster's database cannot stand for), through the
 * app's Run now and the job runner, as the Jobs screen does it.
 */
describe('the nightly-backup job', () => {
  let database: DatabaseHandle;
  let t: TestApp;
  let runner: JobRunner;
  let admin: string;
  let backupDir: string;

  beforeAll(async () => {
    const dataDir = newDataDir();
    database = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      role: 'server',
      logger: silentLogger,
    });
    await migrateToLatest(database.db);
    await installJobQueueSchema(database.connectionString);
    const config = loadConfig({ PUBLIC_URL: testPublicUrl, SEED: 'none', DATA_DIR: dataDir });
    backupDir = config.backupDir;
    t = await serveTestApp(database, config);
    runner = await startTestJobRunner(t);
    admin = await signInAsNewOperator(t, 'nightly-admin@example.org', ['admin']);
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    await database?.close();
  });

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ url, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  async function runNowAndWait(): Promise<TJobRun> {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/schedules/nightly-backup/run',
      headers: { cookie: admin },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const runId = queued.json<TJobRun>().id;
    return waitFor(async () => {
      const runs = await get<TJobRun[]>('/api/jobs/runs');
      const run = runs.find(
        (candidate) =>
          candidate.task === 'nightly-backup' &&
          (candidate.id === runId || candidate.attempt > 1) &&
          (candidate.state === 'succeeded' || candidate.state === 'failed'),
      );
      return run;
    });
  }

  it('is on the Jobs screen, every night at 02:30 in Zurich', async () => {
    const schedules = await get<TJobSchedule[]>('/api/jobs/schedules');
    expect(schedules.find((schedule) => schedule.name === 'nightly-backup')).toMatchObject({
      title: 'Nightly backup',
      cron: '30 2 * * *',
      description: 'Every day at 02:30',
      timeZone: 'Europe/Zurich',
      paused: false,
    });
  });

  it('makes a backup into BACKUP_DIR and records its size and checksum', async () => {
    // A run killed half-way before this one: its row is still running, its file unfinished.
    fs.mkdirSync(backupDir, { recursive: true });
    const killedName = 'operations-20260101-013000.tar.gz';
    fs.writeFileSync(path.join(backupDir, `${killedName}.partial-4242`), 'half a backup');
    await database.db
      .insertInto('backups')
      .values({
        id: 'killedrun',
        file_name: killedName,
        directory: backupDir,
        trigger: 'schedule',
        job_run_id: 'a-run-that-died',
        status: 'running',
        started_at: new Date('2026-01-01T01:30:00Z'),
      })
      .execute();
    // Someone's own file in the folder: not the job's, never listed, never removed.
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'keep me');

    const run = await runNowAndWait();
    expect(run.state, run.error ?? '').toBe('succeeded');
    expect(run.trigger).toBe('manual');

    const list = await get<TBackups>('/api/backups');
    const [made, killed] = list.backups;
    expect(made).toMatchObject({
      status: 'succeeded',
      trigger: 'manual',
      format: 'base-backup',
      jobRunId: run.id,
      startedBy: 'nightly-admin@example.org',
      error: null,
      deletedAt: null,
    });
    expect(killed).toMatchObject({ id: 'killedrun', status: 'failed' });
    expect(killed?.error).toContain('Interrupted');

    const file = path.join(backupDir, made?.fileName ?? '');
    expect(made?.fileName).toMatch(/^operations-\d{8}-\d{6}\.tar\.gz$/);
    expect(fs.statSync(file).size).toBe(made?.bytes);
    expect(sha256Of(file)).toBe(made?.sha256);
    expect(run.result).toMatchObject({
      file: made?.fileName,
      bytes: made?.bytes,
      sha256: made?.sha256?.slice(0, 12),
      interrupted: 1,
      deleted: 0,
    });
    // Only the finished backup (and its checksum file) and the stranger's file remain.
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      [made?.fileName, `${made?.fileName}.sha256`, 'notes.txt'].sort(),
    );
  });

  it('deletes its backups older than the retention after the next backup', async () => {
    const before = await get<TBackups>('/api/backups');
    const first = before.backups.find((backup) => backup.status === 'succeeded');
    // The first backup was made 20 days ago, as far as retention can tell.
    await database.db
      .updateTable('backups')
      .set({ started_at: new Date(Date.now() - 20 * 86_400_000) })
      .where('id', '=', first?.id ?? '')
      .execute();

    const run = await runNowAndWait();
    expect(run.state, run.error ?? '').toBe('succeeded');
    expect(run.result).toMatchObject({ deleted: 1 });
    const after = await get<TBackups>('/api/backups');
    const second = after.backups[0];
    expect(second?.status).toBe('succeeded');
    expect(after.backups.find((backup) => backup.id === first?.id)).toMatchObject({
      status: 'deleted',
    });
    expect(fs.existsSync(path.join(backupDir, first?.fileName ?? ''))).toBe(false);
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      [second?.fileName, `${second?.fileName}.sha256`, 'notes.txt'].sort(),
    );
  });

  it('records a failure as a short reason and code, never the folder or the database host', async () => {
    // The folder made impossible (a file where it should be): the backup cannot write there.
    const moved = `${backupDir}.aside`;
    fs.renameSync(backupDir, moved);
    fs.writeFileSync(backupDir, 'not a folder');
    try {
      const run = await runNowAndWait();
      expect(run.state).toBe('failed');
      // The Jobs screen's run says why in words an operator can pass on, without the path.
      expect(run.error).toMatch(/backup folder/);
      const list = await get<TBackups>('/api/backups');
      const failed = list.backups.find((backup) => backup.jobRunId === run.id) ?? null;
      const shown = JSON.stringify({ failed, run: await get<TJobRun[]>('/api/jobs/runs') });
      expect(shown).not.toContain(backupDir);
      expect(shown).not.toContain(path.dirname(backupDir));
      expect(shown).not.toMatch(/127\.0\.0\.1|localhost:\d+|port \d+/);
    } finally {
      fs.rmSync(backupDir, { force: true });
      fs.renameSync(moved, backupDir);
    }
  });
});
