import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import {
  clusterDirectory,
  embeddedDatabaseName,
  readSuperuserCredentials,
} from '../db/embedded-postgres';
import { BackupInputError } from './backup-error';
import { openBackupFile } from './backup-file';
import { appVersion, manifestEntryName, type BackupManifest } from './manifest';
import { TarWriter } from './tar-writer';
import { segmentsBetween } from './wal-files';
import { clock } from '../lib/clock';

/** The cluster's folder inside the archive: restore extracts the archive into DATA_DIR. */
const clusterEntry = 'postgres';

/**
 * What a base backup leaves out, as PostgreSQL's documentation ("Making a Base Backup Using the
 * Low Level API") and pg_basebackup do: files of the running server that would mislead the
 * restored one, and folders whose contents are rebuilt at start (only the folder is kept).
 */
const excludedFiles = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
const emptiedDirectories = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

type ClusterEntry = { name: string; source: string; kind: 'file' | 'directory'; size: number };

function isExcludedFile(name: string): boolean {
  return excludedFiles.has(name) || name === 'pg_internal.init' || name.startsWith('pgsql_tmp');
}

/** The cluster's files and folders to copy, with their sizes now (the progress's total). */
async function listCluster(clusterDir: string): Promise<ClusterEntry[]> {
  const entries: ClusterEntry[] = [];
  const visit = async (relative: string) => {
    let children: fs.Dirent[];
    try {
      children = await fs.promises.readdir(path.join(clusterDir, relative), {
        withFileTypes: true,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
      const childRelative = relative ? `${relative}/${child.name}` : child.name;
      const source = path.join(clusterDir, childRelative);
      const name = `${clusterEntry}/${childRelative}`;
      if (child.isDirectory()) {
        if (child.name.startsWith('pgsql_tmp')) continue;
        entries.push({ name, source, kind: 'directory', size: 0 });
        // Top-level folders rebuilt at start: the folder, not what is in it.
        if (relative === '' && emptiedDirectories.has(child.name)) continue;
        await visit(childRelative);
      } else if (child.isFile()) {
        if (isExcludedFile(child.name)) continue;
        const size = await fs.promises
          .stat(source)
          .then((stat) => stat.size)
          .catch(() => 0);
        entries.push({ name, source, kind: 'file', size });
      }
      // Symbolic links would be tablespaces, which the app never creates: nothing to follow.
    }
  };
  await visit('');
  return entries;
}

/** The port of the cluster and a way to let go of it: the running one's, or started here. */
async function reachCluster(config: Config, logger: Logger) {
  const { dataDir } = config;
  if (!fs.existsSync(path.join(clusterDirectory(dataDir), 'PG_VERSION'))) {
    throw new BackupInputError(
      `DATA_DIR ${dataDir} holds no database yet: there is nothing to back up.`,
    );
  }
  // Joins the running server's (or CLI's) cluster through owner.json, also from inside the
  // server's own process; starts it when nobody runs it, as every CLI command does.
  const handle = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    role: 'cli',
    logger,
    poolSize: 1,
  });
  return { port: Number(new URL(handle.connectionString).port), close: () => handle.close() };
}

type BackupProgress = {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * A physical base backup of the embedded cluster while it runs, with PostgreSQL's low-level
 * backup API (the embedded package ships no pg_dump; see ARCHITECTURE.md, Backups): a temporary
 * replication slot holds the WAL from the start, pg_backup_start/pg_backup_stop bracket the copy
 * of the files, and the WAL written meanwhile goes into the archive, so the restored cluster
 * replays it to the consistent state of the moment the backup ended.
 */
export async function writeBaseBackup(
  config: Config,
  logger: Logger,
  file: string,
  progress: BackupProgress,
): Promise<{ bytes: number; sha256: string }> {
  const { dataDir } = config;
  const clusterDir = clusterDirectory(dataDir);
  const cluster = await reachCluster(config, logger);
  const superuser = readSuperuserCredentials(dataDir);
  const client = new pg.Client({
    host: '127.0.0.1',
    port: cluster.port,
    user: superuser.user,
    password: superuser.password,
    database: embeddedDatabaseName,
    application_name: 'operations-backup',
  });
  client.on('error', () => undefined);
  let writer: Awaited<ReturnType<typeof openBackupFile>> | undefined;
  try {
    await client.connect();
    const version = await client.query<{ version: string; number: string }>(
      `SELECT current_setting('server_version') AS version,
              current_setting('server_version_num') AS number`,
    );
    const migrations = await client
      .query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
      .then((result) => result.rows.map((row) => row.name))
      .catch(() => []);
    const manifest: BackupManifest = {
      format: 'base-backup',
      postgresVersion: version.rows[0]?.version.split(' ')[0] ?? '',
      postgresMajor: Math.floor(Number(version.rows[0]?.number) / 10_000),
      migrations,
      createdAt: clock.now().toISOString(),
      appVersion: appVersion(),
    };

    // The slot lives as long as this session: WAL from here on is kept until the copy has it.
    const slot = `operations_backup_${randomBytes(6).toString('hex')}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string; wal: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal
         FROM pg_backup_start($1, fast => true) AS lsn`,
      [`operations backup ${manifest.createdAt}`],
    );
    const firstSegment = started.rows[0]?.wal ?? '';
    logger.info({ file, startLsn: started.rows[0]?.lsn }, 'backup started');

    const entries = await listCluster(clusterDir);
    const total = entries.reduce((sum, entry) => sum + entry.size, 0);
    let done = 0;
    writer = await openBackupFile(file, { gzip: true });
    const tar = new TarWriter(writer.input, (bytes) => {
      done += bytes;
      progress.onProgress?.(Math.min(done, total), total);
    });
    await tar.addBuffer(manifestEntryName, Buffer.from(JSON.stringify(manifest, null, 2)));
    // No passwords: a restore gives the restored cluster's roles new ones (issue 31).
    await tar.addDirectory(clusterEntry);
    for (const entry of entries) {
      progress.signal?.throwIfAborted();
      if (entry.kind === 'directory') await tar.addDirectory(entry.name);
      else await tar.addFile(entry.name, entry.source);
    }

    const stopped = await client.query<{ lsn: string; wal: string; labelfile: string }>(
      `SELECT lsn::text, pg_walfile_name(lsn) AS wal, labelfile FROM pg_backup_stop(false)`,
    );
    await client.query('SELECT pg_switch_wal()');
    const stop = stopped.rows[0];
    if (!stop) throw new Error('pg_backup_stop returned nothing');
    const walDir = path.join(clusterDir, 'pg_wal');
    const walNames = await fs.promises.readdir(walDir);
    const segments = segmentsBetween(walNames, firstSegment, stop.wal);
    if (segments.at(0) !== firstSegment || segments.at(-1) !== stop.wal) {
      throw new Error(`the WAL from ${firstSegment} to ${stop.wal} is no longer in ${walDir}`);
    }
    for (const name of [...walNames.filter((n) => n.endsWith('.history')), ...segments]) {
      progress.signal?.throwIfAborted();
      await tar.addFile(`${clusterEntry}/pg_wal/${name}`, path.join(walDir, name));
    }
    // Last: with it the restored cluster starts from the backup's checkpoint and replays the
    // WAL above up to the backup's end before it accepts connections.
    await tar.addBuffer(`${clusterEntry}/backup_label`, Buffer.from(stop.labelfile));
    await tar.finish();
    await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
    const result = await writer.finish();
    writer = undefined;
    logger.info({ file, stopLsn: stop.lsn, bytes: result.bytes }, 'backup written');
    return result;
  } finally {
    // Ending the session also ends a backup left in progress and drops the temporary slot.
    await writer?.abort();
    await client.end().catch(() => undefined);
    await cluster.close();
  }
}
