import type { TBackupSettings } from '@ops/contract/backups';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The one settings row (migration 0045 wrote it), with who changed it last by e-mail. */
export async function getBackupSettings(db: Db): Promise<TBackupSettings> {
  const row = await db
    .selectFrom('backup_settings as s')
    .leftJoin('users as u', 'u.uid', 's.updated_by')
    .select(['s.retention_days', 's.version', 's.updated_at', 's.updated_by'])
    .select('u.email as updated_by_email')
    .executeTakeFirstOrThrow();
  return {
    retentionDays: row.retention_days,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}
