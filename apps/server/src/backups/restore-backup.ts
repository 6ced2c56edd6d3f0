import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { extract } from 'tar';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { readOwner, releaseOwnership, tryAcquireOwnership } from '../db/data-dir-lock';
import {
  clusterDirectory,
  credentialsFile,
  isRoot,
  prepareClusterDirectoryForRoot,
  type UserIds,
} from '../db/embedded-postgres';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { checkArchiveEntries, isPlainEntry } from './archive-entries';
import { BackupInputError } from './backup-error';
import type { BackupFormat } from './create-backup';
import { serverMajor } from './pg-dump';
import { connectionForTools, findPgTool } from './pg-tools';
import { detectFormat, readManifest, verifyChecksum } from './read-backup';
import { replaceClusterPasswords, writeOwnConfiguration } from './restored-cluster';

const execFileAsync = promisify(execFile);

export type RestoreResult = {
  file: string;
  format: BackupFormat;
  /** Whether a `<file>.sha256` was there and matched. */
  checksumVerified: boolean;
  /** Migrations this version applied after the restore (the backup was older). */
  migrationsApplied: string[];
  /** Rows of every table of the public and graphile_worker schemas, by "schema.table". */
  rowCounts: Record<string, number>;
  tables: number;
  rows: number;
  durationMs: number;
};

type RestoreOptions = {
  config: Config;
  logger: Logger;
  file: string;
  /** Replace what DATA_DIR (or the DATABASE_URL database) already holds. */
  force?: boolean;
  onProgress?: (done: number, total: number) => void;
};

/** The schemas a restore is checked by: the app's tables and the job queue's. */
const countedSchemas = ['public', 'graphile_worker'];

/** Rows of every table of the app's schemas, by "schema.table". */
export async function countRows(database: DatabaseHandle): Promise<Record<string, number>> {
  const tables = await database.pool.query<{ schema: string; name: string }>(
    `SELECT schemaname AS schema, tablename AS name FROM pg_tables
      WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [countedSchemas],
  );
  const counts: Record<string, number> = {};
  for (const table of tables.rows) {
    const result = await sql<{ count: string }>`SELECT count(*) AS count FROM ${sql.table(
      `${table.schema}.${table.name}`,
    )}`.execute(database.db);
    counts[`${table.schema}.${table.name}`] = Number(result.rows[0]?.count ?? 0);
  }
  return counts;
}

/** The PostgreSQL major version of the embedded package: a base backup needs the same. */
async function embeddedMajor(): Promise<number> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = (await import(packageName)) as { postgres: string };
  const { stdout } = await execFileAsync(binaries.postgres, ['--version']);
  return Number(/\(PostgreSQL\) (\d+)/.exec(stdout)?.[1]);
}

/**
 * What makes DATA_DIR not empty: anything but the backups folder (BACKUP_DIR defaults to
 * DATA_DIR/backups, where the file being restored may well be).
 */
function dataDirContents(config: Config, file: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(config.dataDir);
  } catch {
    return [];
  }
  const ignored = new Set([path.resolve(config.backupDir), path.resolve(file)]);
  return names.filter((name) => !ignored.has(path.join(config.dataDir, name)));
}

/** Refused unless the backup is one this version can restore; nothing is touched before. */
async function checkManifest(file: string) {
  const manifest = await readManifest(file);
  const major = await embeddedMajor();
  if (manifest.postgresMajor !== major) {
    throw new BackupInputError(
      `${file} is a base backup of PostgreSQL ${manifest.postgresVersion}; the embedded ` +
        `PostgreSQL of this version is ${major}. A physical backup starts only on the same major ` +
        `version: restore it with the Operations version that made it, then back up again.`,
    );
  }
  const unknown = manifest.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupInputError(
      `${file} was made by a newer Operations version (migration ${unknown[0]} is unknown ` +
        `here). Restore it with that version or a later one.`,
    );
  }
  return manifest;
}

/**
 * Unpacks a base backup's cluster into DATA_DIR, owned by whoever will run PostgreSQL: its files
 * and folders and nothing else (`archive-entries.ts` has refused anything else already), then
 * the configuration written by us in place of the archive's (`restored-cluster.ts`). Returns
 * the user PostgreSQL runs as when we are root.
 */
async function extractBaseBackup(options: RestoreOptions): Promise<UserIds | null> {
  const { config, file, onProgress } = options;
  const { dataDir } = config;
  const clusterDir = clusterDirectory(dataDir);
  const total = fs.statSync(file).size;
  let done = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      onProgress?.(done, total);
      callback(null, chunk);
    },
  });
  await pipeline(
    fs.createReadStream(file),
    counter,
    extract({
      cwd: dataDir,
      strict: true,
      preserveOwner: false,
      // The cluster alone: an older backup's credentials file is not taken (issue 31).
      filter: (entry, stat) =>
        (entry === 'postgres' || entry.startsWith('postgres/')) &&
        'type' in stat &&
        isPlainEntry({ type: stat.type, path: entry }),
    }),
  ).catch((error: Error) => {
    throw new BackupInputError(`${file} could not be unpacked: ${error.message}`);
  });
  fs.chmodSync(clusterDir, 0o700);
  writeOwnConfiguration(clusterDir);
  if (!isRoot()) return null;
  // PostgreSQL runs as 'postgres' (it refuses root), which must own every file of its cluster.
  const owner = await prepareClusterDirectoryForRoot(clusterDir);
  await execFileAsync('chown', ['-R', `${owner.uid}:${owner.gid}`, clusterDir]);
  return owner;
}

/** Starts the restored cluster (PostgreSQL replays the backup's WAL first), migrates, counts. */
async function startRestored(config: Config, logger: Logger) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: 'cli',
    logger,
    poolSize: 2,
  });
  try {
    const migrationsApplied = await migrateToLatest(database.db);
    const rowCounts = await countRows(database);
    return { migrationsApplied, rowCounts };
  } finally {
    await database.close();
  }
}

async function restoreBaseBackup(options: RestoreOptions) {
  const { config, logger, file, force } = options;
  const { dataDir } = config;
  if (config.databaseUrl) {
    throw new BackupInputError(
      `${file} is a base backup of the embedded database; it restores into DATA_DIR, not into ` +
        `DATABASE_URL's server. Unset DATABASE_URL to restore it.`,
    );
  }
  const owner = readOwner(dataDir);
  if (owner) {
    throw new BackupInputError(
      `DATA_DIR ${dataDir} is in use by a running Operations ${owner.role} (pid ${owner.pid}): ` +
        `stop it first; a restore never replaces the files of a running database.`,
    );
  }
  await checkManifest(file);
  // The whole archive is read once before anything is written: links and devices are refused.
  await checkArchiveEntries(file);
  const contents = dataDirContents(config, file);
  if (contents.length > 0 && !force) {
    const shown = contents.slice(0, 5).join(', ') + (contents.length > 5 ? ', …' : '');
    throw new BackupInputError(
      `DATA_DIR ${dataDir} is not empty (it holds ${shown}): a restore goes into an empty or ` +
        `new folder. Choose another DATA_DIR, or add --force to replace its database.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const ownership = tryAcquireOwnership(dataDir, 'cli');
  if (!ownership.acquired) {
    throw new BackupInputError(
      `DATA_DIR ${dataDir} was just taken by an Operations ${ownership.owner.role} ` +
        `(pid ${ownership.owner.pid}); stop it and try again.`,
    );
  }
  try {
    if (force) {
      logger.warn({ dataDir }, 'restore --force: replacing the database of DATA_DIR');
      fs.rmSync(clusterDirectory(dataDir), { recursive: true, force: true });
      fs.rmSync(credentialsFile(dataDir), { force: true });
    }
    const owner = await extractBaseBackup(options);
    await replaceClusterPasswords({
      dataDir,
      clusterDir: clusterDirectory(dataDir),
      owner,
      logger,
    });
  } catch (error) {
    // A half-unpacked cluster must not be started by the next server: remove it.
    fs.rmSync(clusterDirectory(dataDir), { recursive: true, force: true });
    fs.rmSync(credentialsFile(dataDir), { force: true });
    throw error;
  } finally {
    releaseOwnership(dataDir);
  }
  return startRestored(config, logger);
}

/** Tables of the DATABASE_URL database outside PostgreSQL's own schemas. */
async function existingTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'operations-restore',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const result = await client.query<{ name: string }>(
      `SELECT schemaname || '.' || tablename AS name FROM pg_tables
        WHERE schemaname <> 'information_schema' AND schemaname !~ '^pg_' ORDER BY 1`,
    );
    return result.rows.map((row) => row.name);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function runTool(program: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

/** pg_restore into the DATABASE_URL database, empty of our tables unless --force. */
async function restoreDump(options: RestoreOptions) {
  const { config, logger, file, force } = options;
  const { databaseUrl } = config;
  if (!databaseUrl) {
    throw new BackupInputError(
      `${file} is a pg_dump backup of a DATABASE_URL server; set DATABASE_URL to the (empty) ` +
        `database to restore it into.`,
    );
  }
  const tool = await findPgTool('pg_restore', await serverMajor(databaseUrl));
  const connection = connectionForTools(databaseUrl);
  const listing = await runTool(tool.path, ['--list', file], connection.env);
  if (listing.code !== 0) {
    throw new BackupInputError(
      `${file} is not readable by ${tool.path}: ${listing.stderr.trim().split('\n').at(-1) ?? ''}`,
    );
  }
  const tables = await existingTables(databaseUrl);
  if (tables.length > 0 && !force) {
    const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
    throw new BackupInputError(
      `The DATABASE_URL database is not empty (${tables.length} tables: ${shown}): a restore ` +
        `goes into an empty database. Create a new one, or add --force to replace what is there.`,
    );
  }
  // The objects become the DATABASE_URL role's (it may not be the role that made the dump).
  const args = [
    '--dbname',
    connection.url,
    '--no-password',
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    ...(force ? ['--clean', '--if-exists'] : []),
    file,
  ];
  logger.info({ file, pgRestore: tool.path }, 'restore started');
  const restored = await runTool(tool.path, args, connection.env);
  if (restored.code !== 0) {
    throw new Error(`pg_restore (${tool.path}) failed: ${restored.stderr.trim()}`);
  }
  return startRestored(config, logger);
}

/**
 * Restores a backup of either format: a base backup into an empty DATA_DIR (then started once,
 * so PostgreSQL replays its WAL, and migrated), a pg_dump file into the empty DATABASE_URL
 * database. Every check comes before anything is written; a refusal is a BackupInputError.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const { file } = options;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new BackupInputError(`${file}: no such file.`);
  }
  const format = await detectFormat(file);
  const checksumVerified = await verifyChecksum(file);
  const { migrationsApplied, rowCounts } =
    format === 'base-backup' ? await restoreBaseBackup(options) : await restoreDump(options);
  const counts = Object.values(rowCounts);
  return {
    file,
    format,
    checksumVerified,
    migrationsApplied,
    rowCounts,
    tables: counts.length,
    rows: counts.reduce((sum, count) => sum + count, 0),
    durationMs: Math.round(performance.now() - started),
  };
}
