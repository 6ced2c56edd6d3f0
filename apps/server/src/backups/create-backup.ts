import fs from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { BackupInputError } from './backup-error';
import { writeBaseBackup } from './base-backup';
import { writeDump } from './pg-dump';
import { clock } from '../lib/clock';

/**
 * `base-backup`: the embedded cluster, copied physically while it runs (a .tar.gz with its WAL);
 * `pg-dump`: a DATABASE_URL server, `pg_dump --format=custom` (a .dump). Why two: ARCHITECTURE.md,
 * "Backups".
 */
export type BackupFormat = 'base-backup' | 'pg-dump';

export type BackupResult = {
  /** The backup file, absolute; `<file>.sha256` beside it holds its checksum. */
  file: string;
  format: BackupFormat;
  bytes: number;
  /** Hex SHA-256 of the file, as `sha256sum` prints it. */
  sha256: string;
  startedAt: Date;
  durationMs: number;
};

export function backupFormatOf(config: Config): BackupFormat {
  return config.databaseUrl ? 'pg-dump' : 'base-backup';
}

/**
 * A consistent backup of this environment's database into `file`, while the server runs or not:
 * from the CLI (joining a running server's embedded cluster, or starting it as every command
 * does) and from inside the server (the nightly job). The file appears under its name only when
 * complete (owner-only, mode 600), with `<file>.sha256`. `onProgress` gets bytes copied of the
 * cluster's size (base backup) or tables dumped of all tables (pg_dump); `signal` stops it and
 * removes what was written.
 */
export async function createBackup(options: {
  config: Config;
  logger: Logger;
  file: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<BackupResult> {
  const { config, logger, file, onProgress, signal } = options;
  if (fs.existsSync(file)) {
    throw new BackupInputError(`${file} already exists: a backup never replaces a file.`);
  }
  const startedAt = clock.now();
  const startedMs = performance.now();
  const format = backupFormatOf(config);
  const progress = { onProgress, signal };
  const { bytes, sha256 } = config.databaseUrl
    ? await writeDump(config.databaseUrl, logger, file, progress)
    : await writeBaseBackup(config, logger, file, progress);
  return {
    file,
    format,
    bytes,
    sha256,
    startedAt,
    durationMs: Math.round(performance.now() - startedMs),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A file name for a backup made now: operations-YYYYMMDD-HHMMSS(.tar.gz|.dump) by format. The
 * time is UTC, so that names sort in the order the backups were made, also across a change of
 * daylight saving time.
 */
export function defaultBackupFileName(config: Config, now: Date = clock.now()): string {
  const stamp =
    `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}-` +
    `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  const extension = backupFormatOf(config) === 'pg-dump' ? '.dump' : '.tar.gz';
  return `operations-${stamp}${extension}`;
}
