import type { TBackupSettings, TBackupSettingsUpdate } from '@ops/contract/backups';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { getBackupSettings } from './settings';

/**
 * PUT /api/backups/settings: the retention, checked against the version the operator read (a
 * 409 naming who saved meanwhile) and audited in the same transaction by the records store.
 * A shorter retention deletes nothing now: the next night's run applies it, after its backup.
 */
export async function updateBackupSettings(
  db: Kysely<Database>,
  actor: Actor,
  update: TBackupSettingsUpdate,
): Promise<TBackupSettings> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'backup_settings', 'backups', { version: update.version });
    await updateRecord(
      trx,
      actor,
      'backup_settings',
      row,
      { retention_days: update.retentionDays },
      { action: 'update' },
    );
    return getBackupSettings(trx);
  });
}
