import type { TBackup, TBackups } from '@ops/contract/backups';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BackupsTable, Database } from '../db/schema';
import { badInput } from '../errors';
import { getBackupSettings } from './settings';

/** A page of the backups list. */
export const backupsPageSize = 50;

type BackupRow = Selectable<BackupsTable> & { started_by_email: string | null };

function toBackup(row: BackupRow): TBackup {
  return {
    id: row.id,
    fileName: row.file_name,
    format: row.format,
    bytes: row.bytes === null ? null : Number(row.bytes),
    sha256: row.sha256,
    trigger: row.trigger,
    jobRunId: row.job_run_id,
    startedBy: row.started_by_email ?? row.operator_uid,
    status: row.status,
    error: row.error,
    errorCode: (row.error_code as TBackup['errorCode']) ?? null,
    startedAt: new Date(row.started_at).toISOString(),
    durationMs: row.duration_ms,
    deletedAt: row.deleted_at ? new Date(row.deleted_at).toISOString() : null,
  };
}

/** The keyset of a page: "<started_at ISO>~<id>" of the last row of the previous one. */
function parseBefore(before: string): { startedAt: Date; id: string } {
  const [time = '', id = ''] = before.split('~');
  const startedAt = new Date(time);
  // Years PostgreSQL and the list can hold: a made-up key is a 400, never a database error.
  const year = startedAt.getUTCFullYear();
  if (Number.isNaN(startedAt.getTime()) || year < 1970 || year > 9999 || !id) {
    throw badInput(
      'querystring.before',
      'format',
      'querystring.before: not a page key this list gave (its nextBefore)',
    );
  }
  return { startedAt, id };
}

/**
 * GET /api/backups: the settings, the folder (for those who manage jobs: it is a path on the
 * server, the only one shown; every row names its file alone) and the backups newest first.
 */
export async function listBackups(
  db: Kysely<Database>,
  options: { backupDir: string | null; before?: string },
): Promise<TBackups> {
  let query = db
    .selectFrom('backups as b')
    .leftJoin('users as u', 'u.uid', 'b.operator_uid')
    .selectAll('b')
    .select('u.email as started_by_email')
    .orderBy('b.started_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(backupsPageSize + 1);
  if (options.before) {
    const { startedAt, id } = parseBefore(options.before);
    query = query.where(sql<boolean>`(b.started_at, b.id) < (${startedAt}, ${id})`);
  }
  const [settings, rows] = await Promise.all([getBackupSettings(db), query.execute()]);
  const page = rows.slice(0, backupsPageSize);
  const last = page.at(-1);
  return {
    settings,
    backupDir: options.backupDir,
    backups: page.map(toBackup),
    nextBefore:
      rows.length > backupsPageSize && last
        ? `${new Date(last.started_at).toISOString()}~${last.id}`
        : null,
  };
}
