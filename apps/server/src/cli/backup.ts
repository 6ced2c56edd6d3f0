import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createBackup, defaultBackupFileName, restoreBackup } from '../backups';

/** 6450562 → "6.2 MB": sizes as a person reads them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The progress line on standard error, when it is a terminal; at most ten times a second. */
function progressLine(label: string, describe: (done: number, total: number) => string) {
  let last = -Infinity;
  return {
    update(done: number, total: number) {
      if (!process.stderr.isTTY) return;
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const percent = total > 0 ? ` (${Math.floor((done / total) * 100)} %)` : '';
      process.stderr.write(`\r${label}: ${describe(done, total)}${percent}   `);
    },
    end() {
      if (process.stderr.isTTY && last > -Infinity) process.stderr.write('\n');
    },
  };
}

/** `ops backup [file]`: the default file is BACKUP_DIR/operations-<UTC time>.<format>. */
export async function backupFromCli(
  config: Config,
  logger: Logger,
  file: string | undefined,
  options: { json?: boolean },
): Promise<string> {
  const target = path.resolve(file ?? path.join(config.backupDir, defaultBackupFileName(config)));
  const progress = progressLine(
    'backup',
    config.databaseUrl
      ? (done, total) => `${done} / ${total} tables`
      : (done, total) => `${formatBytes(done)} / ${formatBytes(total)}`,
  );
  const result = await createBackup({
    config,
    logger,
    file: target,
    onProgress: (done, total) => progress.update(done, total),
  }).finally(() => progress.end());
  if (options.json) return JSON.stringify(result, null, 2);
  return (
    `Backup written: ${result.file} (${formatBytes(result.bytes)}, sha256 ${result.sha256}) ` +
    `in ${(result.durationMs / 1000).toFixed(1)} s`
  );
}

/** `ops restore <file> [--force]`. */
export async function restoreFromCli(
  config: Config,
  logger: Logger,
  file: string,
  options: { force?: boolean; json?: boolean },
): Promise<string> {
  const progress = progressLine(
    'restore',
    (done, total) => `${formatBytes(done)} / ${formatBytes(total)} unpacked`,
  );
  const result = await restoreBackup({
    config,
    logger,
    file: path.resolve(file),
    force: options.force === true,
    onProgress: (done, total) => progress.update(done, total),
  }).finally(() => progress.end());
  if (options.json) return JSON.stringify(result, null, 2);
  const target = result.format === 'pg-dump' ? 'the DATABASE_URL database' : config.dataDir;
  const checksum = result.checksumVerified ? 'checksum verified' : 'no .sha256 file to verify';
  const migrated = result.migrationsApplied.length
    ? `; ${result.migrationsApplied.length} newer migrations applied`
    : '';
  return (
    `Restored ${result.file} (${result.format}, ${checksum}) into ${target} in ` +
    `${(result.durationMs / 1000).toFixed(1)} s: ${result.tables} tables, ` +
    `${result.rows.toLocaleString('en')} rows${migrated}. Start the server on it.`
  );
}
