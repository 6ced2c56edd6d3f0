import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, JobRunTrigger } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../logger';
import { BackupInputError, backupFailureOf } from './backup-error';
import { sidecarPath } from './backup-file';
import { createBackup, defaultBackupFileName, type BackupResult } from './create-backup';
import { deleteExpiredBackups, type RetentionOutcome } from './retention';
import { clock } from '../lib/clock';

/** What the job gives the backup: the parts of its context (jobs/task.ts) it uses. */
export type NightlyBackupContext = {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  run: { id: string; trigger: JobRunTrigger; operatorUid: string | null };
  note(values: Record<string, unknown>): Promise<void>;
  progress(done: number, total: number): void;
  signal: AbortSignal;
};

export type NightlyBackupOutcome = {
  backupId: string;
  fileName: string;
  result: BackupResult;
  /** Backups of earlier runs that were killed half-way, now marked failed and cleaned up. */
  interrupted: number;
  retention: RetentionOutcome;
};

/**
 * Removes what a backup left under its recorded name: the file, its `.sha256` sidecar and the
 * `.partial-<pid>` files createBackup writes before renaming (names derived from the recorded
 * one, never another file of the folder).
 */
async function removeBackupFiles(directory: string, fileName: string): Promise<void> {
  const name = path.basename(fileName);
  const partials = (await fs.readdir(directory).catch(() => [] as string[])).filter((entry) =>
    entry.startsWith(`${name}.partial`),
  );
  for (const entry of [name, sidecarPath(name), ...partials]) {
    await fs.rm(path.join(directory, entry), { force: true });
  }
}

/**
 * The backups an earlier run began and never finished (its server was killed, or stopped
 * during the backup): rows still `running` whose job run is not running any more. Their
 * unfinished file is removed, and so is a complete file the run had not yet recorded (without
 * its checksum in the row it is not a backup anyone can trust); the row becomes `failed`, so
 * the list says what happened.
 */
async function failInterruptedBackups(db: Kysely<Database>, runId: string): Promise<number> {
  const stale = await db
    .selectFrom('backups as b')
    .select(['b.id', 'b.directory', 'b.file_name'])
    .where('b.status', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job_runs as r')
            .select('r.id')
            .whereRef('r.id', '=', 'b.job_run_id')
            .where('r.state', '=', 'running')
            .where('r.id', '<>', runId),
        ),
      ),
    )
    .execute();
  for (const row of stale) {
    await removeBackupFiles(row.directory, row.file_name);
    await db
      .updateTable('backups')
      .set({
        status: 'failed',
        error:
          'Interrupted: the server stopped during the backup; its unfinished file was removed.',
        error_code: 'interrupted',
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .execute();
  }
  return stale.length;
}

/**
 * A file name in the folder that neither a file nor another row holds: the default name, or
 * with "-2", "-3"… before its extension (two runs in the same minute, a Run now after the
 * night's backup).
 */
async function freeFileName(db: Kysely<Database>, directory: string, wanted: string) {
  const extension = wanted.endsWith('.tar.gz') ? '.tar.gz' : path.extname(wanted);
  const stem = wanted.slice(0, wanted.length - extension.length);
  for (let n = 1; ; n++) {
    const name = n === 1 ? wanted : `${stem}-${n}${extension}`;
    const taken = await db
      .selectFrom('backups')
      .select('id')
      .where('directory', '=', directory)
      .where('file_name', '=', name)
      .where('status', 'in', ['running', 'succeeded'])
      .executeTakeFirst();
    if (taken) continue;
    const onDisk = await Promise.all(
      [name, sidecarPath(name)].map((candidate) =>
        fs.access(path.join(directory, candidate)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!onDisk.includes(true)) return name;
  }
}

/**
 * The nightly backup (issue 20): a backup of the whole database into BACKUP_DIR, recorded in
 * `backups`, then the job's backups older than the retention are deleted.
 *
 * Resumable as the task contract asks: createBackup writes the file under a temporary name and
 * renames it only once complete, so a killed run never leaves a file that looks like a backup;
 * and the row is `succeeded` only once the file is complete and its checksum recorded. A killed
 * run's row stays `running`, and the next run (a retry, a take-over, the next night) marks it
 * failed and removes what it left, then makes a fresh backup. A failed backup deletes nothing:
 * retention runs only after a backup succeeded, so the old backups stay while new ones fail.
 */
export async function runNightlyBackup(
  context: NightlyBackupContext,
): Promise<NightlyBackupOutcome> {
  const { db, config, logger, run } = context;
  const interrupted = await failInterruptedBackups(db, run.id);

  const directory = config.backupDir;
  // Only the server's user reads the backups: they hold every member's data. A folder that
  // cannot be made fails the run with the short reason; its path goes to the log only.
  let fileName: string;
  try {
    await fs.mkdir(directory, { recursive: true, mode: 0o700 });
    fileName = await freeFileName(db, directory, defaultBackupFileName(config, clock.now()));
  } catch (error) {
    logger.error({ err: error, directory }, 'the backup folder cannot be used');
    throw new BackupInputError(backupFailureOf(error).reason);
  }
  const file = path.join(directory, fileName);

  const backupId = newId();
  await db
    .insertInto('backups')
    .values({
      id: backupId,
      file_name: fileName,
      directory,
      trigger: run.trigger,
      job_run_id: run.id,
      operator_uid: run.operatorUid,
      status: 'running',
      started_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .execute();
  await context.note({ backupId });

  let result: BackupResult;
  try {
    result = await createBackup({
      config,
      logger,
      file,
      onProgress: (done, total) => context.progress(done, total),
      signal: context.signal,
    });
  } catch (error) {
    await removeBackupFiles(directory, fileName);
    // The whole error (the folder's path, pg_dump's host and port) for the administrators'
    // log; the row and the job run get the short reason every operator may read (issue 31).
    logger.error({ err: error, backupId }, 'the backup failed');
    const failure = backupFailureOf(error);
    await db
      .updateTable('backups')
      .set({
        status: 'failed',
        error: failure.reason,
        error_code: failure.code,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', backupId)
      .execute();
    throw error instanceof BackupInputError
      ? new BackupInputError(failure.reason)
      : new Error(failure.reason);
  }
  await db
    .updateTable('backups')
    .set({
      status: 'succeeded',
      format: result.format,
      bytes: result.bytes,
      sha256: result.sha256,
      started_at: result.startedAt,
      duration_ms: Math.round(result.durationMs),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', backupId)
    .execute();

  const settings = await db
    .selectFrom('backup_settings')
    .select('retention_days')
    .executeTakeFirstOrThrow();
  const retention = await deleteExpiredBackups(db, {
    retentionDays: settings.retention_days,
    logger,
  });
  return { backupId, fileName, result, interrupted, retention };
}
