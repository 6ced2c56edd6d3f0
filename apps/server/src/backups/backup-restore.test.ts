import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { silentLogger } from '../../test/database';
import {
  freePort,
  newDataDir,
  runTs,
  startTs,
  waitForExit,
  waitForReady,
  type ServerEntry,
} from '../../test/processes';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { openDatabaseByUrl } from '../db/test-support';
import { installJobQueueSchema } from '../db/job-queue';
import { countRows } from './restore-backup';

const execFileAsync = promisify(execFile);
const cli = 'src/cli/main.ts' satisfies ServerEntry;
const isRoot = os.userInfo().uid === 0;

/** The tables whose every row is compared, not only counted: the federation's money and history. */
const keyTables = ['members', 'invoices', 'money_movements', 'audit_log'];

/**
 * md5 of every row of the key tables. `auditBefore` leaves out the audit entries written from
 * then on: a server's start records its own (the demo sign-in link it prints).
 */
async function checksums(
  database: DatabaseHandle,
  auditBefore = new Date('9999-01-01'),
): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of keyTables) {
    const since = table === 'audit_log' ? sql`WHERE t.at < ${auditBefore}` : sql``;
    const row = await sql<{ md5: string | null }>`
      SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS md5 FROM ${sql.table(table)} t
      ${since}
    `.execute(database.db);
    result[table] = row.rows[0]?.md5 ?? '(empty)';
  }
  return result;
}

/** A database of a DATA_DIR another process runs, reached the way the CLI reaches it. */
function joinDataDir(dataDir: string) {
  return openDatabase({
    databaseUrl: undefined,
    dataDir,
    role: 'cli',
    logger: silentLogger,
    poolSize: 2,
  });
}

type Server = ReturnType<typeof startTs> & { url: string };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = startTs('src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${child.output().slice(-2_000)}`);
  });
  return Object.assign(child, { url });
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  await waitForExit(server).catch(() => undefined);
}

/**
 * The issue's round trip on the embedded database: seed, start a server, back it up while it
 * runs and while a writer is inserting, restore into a new DATA_DIR, start a server on it, and
 * compare every table's rows and the key tables' contents.
 */
describe('ops backup and ops restore of the embedded database', () => {
  const sourceDir = newDataDir();
  const restoredDir = newDataDir();
  const backupDir = fs.mkdtempSync(path.join(inject('scratchDir'), 'backups-'));
  const backupFile = path.join(backupDir, 'round-trip.tar.gz');
  let source: Server | undefined;
  let restored: Server | undefined;
  let sourceDatabase: DatabaseHandle;
  let countsBefore: Record<string, number>;
  let countsAfter: Record<string, number>;
  let sumsAfter: Record<string, string>;
  let probeWritten = 0;

  beforeAll(async () => {
    const seeded = await runTs(cli, ['seed', 'demo', '--scale', '300'], { DATA_DIR: sourceDir });
    expect(seeded.code, seeded.stderr).toBe(0);
    source = await startServer({ DATA_DIR: sourceDir });
    sourceDatabase = await joinDataDir(sourceDir);
    await sourceDatabase.pool.query(
      'CREATE TABLE backup_probe (id integer PRIMARY KEY, written_at timestamptz NOT NULL)',
    );
    // A role setting the app's role may give itself: a restore drops such settings (issue 31).
    await sourceDatabase.pool.query('ALTER ROLE CURRENT_USER SET extra_float_digits = 2');
    for (; probeWritten < 100; probeWritten++) {
      await sourceDatabase.pool.query('INSERT INTO backup_probe VALUES ($1, now())', [
        probeWritten + 1,
      ]);
    }
  }, 180_000);

  afterAll(async () => {
    await sourceDatabase?.close();
    await stopServer(restored);
    await stopServer(source);
  });

  it('backs up while the server runs and a writer inserts, with the checksum beside it', async () => {
    countsBefore = await countRows(sourceDatabase);
    // One row after another, each committed on its own, for as long as the backup runs.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        probeWritten += 1;
        await sourceDatabase.pool.query('INSERT INTO backup_probe VALUES ($1, now())', [
          probeWritten,
        ]);
      }
    })();
    const backup = await runTs(cli, ['backup', backupFile, '--json'], {
      DATA_DIR: sourceDir,
    }).finally(() => (writing = false));
    await writer;
    expect(backup.code, backup.stderr).toBe(0);
    const result = JSON.parse(backup.stdout) as { file: string; format: string; sha256: string };
    expect(result).toMatchObject({ file: backupFile, format: 'base-backup' });
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const { stdout } = await execFileAsync('sha256sum', ['-c', `${backupFile}.sha256`], {
      cwd: backupDir,
    });
    expect(stdout).toContain(': OK');
    expect(fs.readFileSync(`${backupFile}.sha256`, 'utf8').split(' ')[0]).toBe(result.sha256);
    // An off-site copy carries no password of the cluster (issue 31): a restore makes new ones.
    const listing = await execFileAsync('tar', ['-tzf', backupFile], { maxBuffer: 64 << 20 });
    expect(listing.stdout.split('\n')[0]).toBe('operations-backup.json');
    expect(listing.stdout).not.toContain('postgres-credentials.json');
    countsAfter = await countRows(sourceDatabase);
    sumsAfter = await checksums(sourceDatabase);
  }, 120_000);

  it('refuses to restore into the DATA_DIR of a running server', async () => {
    const refused = await runTs(cli, ['restore', backupFile, '--force'], { DATA_DIR: sourceDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is in use by a running Operations server \(pid \d+\)/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it('restores into a new DATA_DIR, and a server started on it has the same data', async () => {
    const restore = await runTs(cli, ['restore', backupFile, '--json'], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    const report = JSON.parse(restore.stdout) as {
      checksumVerified: boolean;
      rowCounts: Record<string, number>;
    };
    expect(report.checksumVerified).toBe(true);

    // Every table the backup did not see change has exactly its rows, job queue included,
    // counted by the restore once PostgreSQL had replayed the WAL (before any server starts:
    // a start adds its own rows, the demo sign-in link and the job runner's heartbeat).
    const stable = Object.keys(countsAfter).filter(
      (table) => table !== 'public.backup_probe' && countsBefore[table] === countsAfter[table],
    );
    expect(stable.length).toBeGreaterThan(50);
    expect(stable).toContain('graphile_worker._private_jobs');
    for (const table of stable) {
      expect({ table, rows: report.rowCounts[table] }).toEqual({ table, rows: countsAfter[table] });
    }
    expect(Object.keys(report.rowCounts).sort()).toEqual(Object.keys(countsAfter).sort());

    // New passwords for both roles, and a configuration of the restore's own (issue 31).
    const credentialsOf = (dataDir: string) =>
      JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as {
        user: string;
        password: string;
        app: { user: string; password: string };
      };
    const before = credentialsOf(sourceDir);
    const after = credentialsOf(restoredDir);
    expect(after.user).toBe(before.user);
    expect(after.app.user).toBe(before.app.user);
    expect(after.password).not.toBe(before.password);
    expect(after.app.password).not.toBe(before.app.password);
    expect(fs.statSync(path.join(restoredDir, 'postgres-credentials.json')).mode & 0o777).toBe(
      0o600,
    );
    const restoredSettings = await joinDataDir(restoredDir);
    try {
      const settings = await restoredSettings.pool.query('SELECT * FROM pg_db_role_setting');
      expect(settings.rows).toEqual([]);
    } finally {
      await restoredSettings.close();
    }
    expect(fs.readFileSync(path.join(restoredDir, 'postgres', 'postgresql.conf'), 'utf8')).toMatch(
      /^# Written by `ops restore`/,
    );

    const restoredStartedAt = new Date();
    restored = await startServer({ DATA_DIR: restoredDir });
    const restoredDatabase = await joinDataDir(restoredDir);
    try {
      // Through the server started on it: every row of the key tables, and their counts.
      expect(await checksums(restoredDatabase, restoredStartedAt)).toEqual(sumsAfter);
      const restoredCounts = await countRows(restoredDatabase);
      for (const table of keyTables.filter((name) => name !== 'audit_log')) {
        expect(restoredCounts[`public.${table}`]).toBe(countsAfter[`public.${table}`]);
      }
      expect(restoredCounts['public.members']).toBe(300);

      // Consistent: the rows written before the backup are all there, and of those written
      // during it, an unbroken run from the first (one moment of the database, not a mix).
      const probe = await restoredDatabase.pool.query<{ count: string; max: number | null }>(
        'SELECT count(*) AS count, max(id) AS max FROM backup_probe',
      );
      const count = Number(probe.rows[0]?.count);
      expect(count).toBeGreaterThanOrEqual(100);
      expect(count).toBeLessThanOrEqual(probeWritten);
      expect(probe.rows[0]?.max).toBe(count);
    } finally {
      await restoredDatabase.close();
      await stopServer(restored);
    }
  }, 180_000);

  it('refuses a DATA_DIR that is not empty, saying what is in it', async () => {
    const refused = await runTs(cli, ['restore', backupFile], { DATA_DIR: restoredDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`DATA_DIR ${restoredDir} is not empty (it holds`);
    expect(refused.stderr).toContain('postgres');
    expect(refused.stderr).toContain('--force');

    // --force replaces the database it holds with the backup's.
    const forced = await runTs(cli, ['restore', backupFile, '--force', '--json'], {
      DATA_DIR: restoredDir,
    });
    expect(forced.code, forced.stderr).toBe(0);
    const report = JSON.parse(forced.stdout) as { rowCounts: Record<string, number> };
    expect(report.rowCounts['public.members']).toBe(300);
  }, 120_000);

  /** The backup unpacked by GNU tar, to make doctored copies of it. */
  const unpackedDir = path.join(backupDir, 'unpacked');
  async function repack(name: string): Promise<string> {
    const file = path.join(backupDir, name);
    await execFileAsync('tar', [
      '-czf',
      file,
      '-C',
      unpackedDir,
      'operations-backup.json',
      // A backup of an older version carries the credentials file (which a restore now ignores).
      ...(fs.existsSync(path.join(unpackedDir, 'postgres-credentials.json'))
        ? ['postgres-credentials.json']
        : []),
      'postgres',
    ]);
    return file;
  }

  it('refuses a backup holding a symbolic or a hard link, even inside the cluster, writing nothing', async () => {
    fs.mkdirSync(unpackedDir);
    await execFileAsync('tar', ['-xzf', backupFile, '-C', unpackedDir]);
    const cluster = path.join(unpackedDir, 'postgres');

    // A link that stays inside the folder: the tar library would unpack it as it is.
    fs.symlinkSync('../global/pg_control', path.join(cluster, 'base', 'control-link'));
    const withSymlink = await repack('symlink.tar.gz');
    fs.rmSync(path.join(cluster, 'base', 'control-link'));
    fs.linkSync(path.join(cluster, 'PG_VERSION'), path.join(cluster, 'PG_VERSION.copy'));
    const withHardLink = await repack('hardlink.tar.gz');
    fs.rmSync(path.join(cluster, 'PG_VERSION.copy'));

    for (const [file, entry, kind] of [
      [withSymlink, 'postgres/base/control-link', 'a symbolic link'],
      [withHardLink, 'postgres/PG_VERSION.copy', 'a hard link'],
    ] as const) {
      const target = newDataDir();
      const refused = await runTs(cli, ['restore', file], { DATA_DIR: target });
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(`holds ${entry}, ${kind}: a backup holds only files`);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      // Nothing written: not the cluster, not a credentials file, not even DATA_DIR itself.
      expect(fs.existsSync(target)).toBe(false);
    }
  }, 120_000);

  it('restores a backup with a hostile configuration without running it', async () => {
    const cluster = path.join(unpackedDir, 'postgres');
    // What a doctored backup would use to run or write something as the database user.
    const marker = fs.mkdtempSync(path.join(inject('scratchDir'), 'hostile-'));
    fs.chmodSync(marker, 0o777);
    const hostile = [
      'archive_mode = on',
      `archive_command = 'touch ${marker}/archived-%f'`,
      'logging_collector = on',
      `log_directory = '${marker}'`,
      "log_filename = 'written-by-the-backup.log'",
      '',
    ].join('\n');
    fs.appendFileSync(path.join(cluster, 'postgresql.auto.conf'), hostile);
    fs.appendFileSync(path.join(cluster, 'postgresql.conf'), `include_dir = '${marker}'\n`);
    fs.writeFileSync(path.join(cluster, 'pg_hba.conf'), 'host all all 0.0.0.0/0 trust\n');
    fs.writeFileSync(path.join(cluster, 'recovery.signal'), '');
    const file = await repack('hostile-configuration.tar.gz');

    const target = newDataDir();
    const restore = await runTs(cli, ['restore', file, '--json'], { DATA_DIR: target });
    expect(restore.code, restore.stderr).toBe(0);
    const report = JSON.parse(restore.stdout) as { rowCounts: Record<string, number> };
    expect(report.rowCounts['public.members']).toBe(300);
    expect(fs.readdirSync(marker)).toEqual([]);
    const restoredCluster = path.join(target, 'postgres');
    expect(fs.readFileSync(path.join(restoredCluster, 'postgresql.auto.conf'), 'utf8')).not.toMatch(
      /archive|log_directory/,
    );
    expect(fs.readFileSync(path.join(restoredCluster, 'pg_hba.conf'), 'utf8')).not.toContain(
      'trust',
    );
    expect(fs.existsSync(path.join(restoredCluster, 'recovery.signal'))).toBe(false);

    // The cluster it left runs with settings of ours, and the archive's settings are not there.
    const database = await joinDataDir(target);
    try {
      const settings = await database.pool.query<{ name: string; setting: string }>(
        `SELECT name, setting FROM pg_settings
          WHERE name IN ('archive_mode', 'logging_collector', 'listen_addresses') ORDER BY name`,
      );
      expect(settings.rows).toEqual([
        { name: 'archive_mode', setting: 'off' },
        { name: 'listen_addresses', setting: '127.0.0.1' },
        { name: 'logging_collector', setting: 'off' },
      ]);
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(marker)).toEqual([]);
  }, 180_000);

  it('refuses a backup whose database runs C code from a library of its own', async () => {
    const { user, password } = JSON.parse(
      fs.readFileSync(path.join(sourceDir, 'postgres-credentials.json'), 'utf8'),
    ) as { user: string; password: string };
    const superuser = new pg.Client({
      host: '127.0.0.1',
      port: Number(new URL(sourceDatabase.connectionString).port),
      user,
      password,
      database: 'operations',
    });
    await superuser.connect();
    const file = path.join(backupDir, 'foreign-code.tar.gz');
    try {
      // The attack: a library inside the cluster's folder (so the archive brings it along),
      // declared as a function the app would call. A copy of a real one stands in for it.
      const libraries = await superuser.query<{ setting: string }>(
        "SELECT setting FROM pg_config WHERE name = 'PKGLIBDIR'",
      );
      const library = path.join(sourceDir, 'postgres', 'helper.so');
      fs.copyFileSync(path.join(libraries.rows[0]?.setting ?? '', 'plpgsql.so'), library);
      if (isRoot) await execFileAsync('chown', ['postgres:postgres', library]);
      await superuser.query(
        `CREATE FUNCTION public.audit_helper() RETURNS language_handler LANGUAGE c
           AS '${library}', 'plpgsql_call_handler'`,
      );
      const backup = await runTs(cli, ['backup', file], { DATA_DIR: sourceDir });
      expect(backup.code, backup.stderr).toBe(0);
    } finally {
      await superuser.query('DROP FUNCTION IF EXISTS public.audit_helper()');
      await superuser.end();
      fs.rmSync(path.join(sourceDir, 'postgres', 'helper.so'), { force: true });
    }
    const target = newDataDir();
    const refused = await runTs(cli, ['restore', file], { DATA_DIR: target });
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      "The backup's database operations has the function audit_helper() from the library " +
        `${path.join(sourceDir, 'postgres', 'helper.so')}`,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    // The half-restored cluster is removed: no later start can run it.
    expect(fs.existsSync(path.join(target, 'postgres'))).toBe(false);
    expect(fs.existsSync(path.join(target, 'postgres-credentials.json'))).toBe(false);
  }, 120_000);

  it('refuses a damaged copy, a truncated one and a file that is not a backup', async () => {
    const damaged = path.join(backupDir, 'damaged.tar.gz');
    const bytes = fs.readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${backupFile}.sha256`, `${damaged}.sha256`);
    const target = newDataDir();
    const mismatch = await runTs(cli, ['restore', damaged], { DATA_DIR: target });
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain('does not match its checksum');

    // Without a checksum file, the archive itself gives the truncation away; nothing is left.
    const truncated = path.join(backupDir, 'truncated.tar.gz');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await runTs(cli, ['restore', truncated], { DATA_DIR: target });
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain('could not be unpacked');
    expect(fs.existsSync(path.join(target, 'postgres'))).toBe(false);

    const notBackup = path.join(backupDir, 'notes.txt');
    fs.writeFileSync(notBackup, 'not a backup\n');
    const wrong = await runTs(cli, ['restore', notBackup], { DATA_DIR: target });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('is not an Operations backup');

    const missing = await runTs(cli, ['restore', path.join(backupDir, 'nothing.tar.gz')], {
      DATA_DIR: target,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    for (const result of [mismatch, cut, wrong, missing]) {
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});

const pg15 = '/usr/lib/postgresql/15/bin';

/** Debian's PostgreSQL programs run as 'postgres' when we are root (they refuse root). */
function asPostgres(program: string, args: string[]) {
  return isRoot
    ? execFileAsync('runuser', ['-u', 'postgres', '--', program, ...args])
    : execFileAsync(program, args);
}

/**
 * The DATABASE_URL path on a throwaway Debian PostgreSQL 15 (the oldest version we support),
 * signing in with a password as a role that owns its database and nothing more, as a
 * production server would: pg_dump of the server's own version,
 * pg_restore into a second, empty database, the same comparisons.
 */
describe('ops backup and ops restore with DATABASE_URL (PostgreSQL 15)', () => {
  const folder = fs.mkdtempSync(path.join(inject('scratchDir'), 'pg15-'));
  const dataDir = path.join(folder, 'data');
  const password = 'backup test password';
  let port: number;
  // The app's own role, no superuser, owning its databases: as production's DATABASE_URL.
  const urlOf = (database: string, user = 'operations_app') =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  beforeAll(async () => {
    fs.chmodSync(folder, 0o755);
    const passwordFile = path.join(folder, 'password');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (isRoot) await execFileAsync('chown', ['-R', 'postgres:postgres', folder]);
    await asPostgres(`${pg15}/initdb`, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
    ]);
    port = await freePort();
    await asPostgres(`${pg15}/pg_ctl`, [
      '-D',
      dataDir,
      '-l',
      path.join(folder, 'log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories='' -c fsync=off`,
      'start',
    ]);
    const admin = new pg.Client({ connectionString: urlOf('postgres', 'postgres') });
    await admin.connect();
    await admin.query(`CREATE ROLE operations_app LOGIN PASSWORD '${password}'`);
    await admin.query('CREATE DATABASE source OWNER operations_app');
    await admin.query('CREATE DATABASE target OWNER operations_app');
    await admin.end();
    const seeded = await runTs(cli, ['seed', 'demo', '--scale', '150'], {
      DATABASE_URL: urlOf('source'),
      DATA_DIR: newDataDir(),
    });
    expect(seeded.code, seeded.stderr).toBe(0);
    await installJobQueueSchema(urlOf('source'));
  }, 180_000);

  afterAll(async () => {
    await asPostgres(`${pg15}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', 'stop']).catch(
      () => undefined,
    );
  });

  it('dumps with pg_dump and restores with pg_restore into an empty database', async () => {
    const file = path.join(folder, 'external.dump');
    const env = { DATABASE_URL: urlOf('source'), DATA_DIR: newDataDir() };
    const backup = await runTs(cli, ['backup', file], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written: .*external\.dump \(.+, sha256 [0-9a-f]{64}\)/);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    const restore = await runTs(cli, ['restore', file], { ...env, DATABASE_URL: urlOf('target') });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('checksum verified');

    const open = (database: string) => openDatabaseByUrl(urlOf(database));
    const [sourceDatabase, targetDatabase] = await Promise.all([open('source'), open('target')]);
    try {
      const sourceCounts = await countRows(sourceDatabase);
      expect(sourceCounts['graphile_worker._private_jobs']).toBeDefined();
      expect(sourceCounts['public.members']).toBe(150);
      expect(await countRows(targetDatabase)).toEqual(sourceCounts);
      expect(await checksums(targetDatabase)).toEqual(await checksums(sourceDatabase));
    } finally {
      await Promise.all([sourceDatabase.close(), targetDatabase.close()]);
    }

    const again = await runTs(cli, ['restore', file], { ...env, DATABASE_URL: urlOf('target') });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('The DATABASE_URL database is not empty');
  }, 180_000);
});
