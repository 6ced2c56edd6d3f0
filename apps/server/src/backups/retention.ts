import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sidecarPath } from './backup-file';
import type { Logger } from '../logger';
import { clock } from '../lib/clock';

export type RetentionOutcome = {
  /** Backups whose file was deleted (or was already gone) and are now marked deleted. */
  deleted: number;
  /** Of those, files that were no longer there (someone moved or removed them). */
  alreadyGone: number;
  /** Bytes freed. */
  freedBytes: number;
  /** Files that could not be deleted (permissions); they stay listed and are tried next night. */
  failed: number;
};

/**
 * Deletes the backups the job made that are older than `retentionDays`, as of `now`. Only files
 * recorded in `backups` (status succeeded) are touched, by their recorded folder and plain file
 * name (with the `.sha256` file beside it): nothing else in the folder, and no backup made by
 * hand with the CLI, is ever deleted. A file already missing is marked deleted, not an error.
 * The newest succeeded backup is always kept, whatever its age (a job paused for weeks must not
 * leave no backup at all).
 *
 * Idempotent: a row is marked deleted after its file is gone, one by one, so a run killed
 * half-way leaves the rest for the next (which finds those files still there, or already gone).
 */
export async function deleteExpiredBackups(
  db: Kysely<Database>,
  options: { retentionDays: number; now?: Date; logger: Logger },
): Promise<RetentionOutcome> {
  const now = options.now ?? clock.now();
  const cutoff = new Date(now.getTime() - options.retentionDays * 86_400_000);
  const newest = await db
    .selectFrom('backups')
    .select('id')
    .where('status', '=', 'succeeded')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const expired = await db
    .selectFrom('backups')
    .select(['id', 'directory', 'file_name', 'bytes'])
    .where('status', '=', 'succeeded')
    .where('started_at', '<', cutoff)
    .$if(newest !== undefined, (query) => query.where('id', '<>', newest?.id ?? ''))
    .orderBy('started_at')
    .execute();
  const outcome: RetentionOutcome = { deleted: 0, alreadyGone: 0, freedBytes: 0, failed: 0 };
  for (const row of expired) {
    // The recorded name is a plain file name (a column check); basename() again, so that even a
    // row written by hand could never reach outside its folder.
    const file = path.join(row.directory, path.basename(row.file_name));
    let gone = false;
    try {
      await fs.unlink(file);
      outcome.freedBytes += Number(row.bytes ?? 0);
      await fs.rm(sidecarPath(file), { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        gone = true;
        await fs.rm(sidecarPath(file), { force: true }).catch(() => undefined);
      } else {
        outcome.failed++;
        options.logger.warn({ err: error, file: row.file_name }, 'backup not deleted by retention');
        continue;
      }
    }
    await db
      .updateTable('backups')
      .set({
        status: 'deleted',
        deleted_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        error: gone ? 'The file was already gone when retention deleted it.' : null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'succeeded')
      .execute();
    outcome.deleted++;
    if (gone) outcome.alreadyGone++;
  }
  return outcome;
}
