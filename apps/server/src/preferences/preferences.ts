import {
  defaultOperatorPreferences,
  type TOperatorPreferences,
  type TUpdateOperatorPreferencesRequest,
} from '@ops/contract/preferences';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OperatorPreferencesTable } from '../db/schema';

type Row = Pick<
  Selectable<OperatorPreferencesTable>,
  'density' | 'split_percent' | 'is_record_full_width'
>;

function toPreferences(row: Row): TOperatorPreferences {
  return {
    density: row.density,
    splitPercent: row.split_percent,
    isRecordFullWidth: row.is_record_full_width,
  };
}

/** The operator's preferences; the defaults until they first change one (no row is written). */
export async function readOperatorPreferences(
  db: Kysely<Database>,
  uid: string,
): Promise<TOperatorPreferences> {
  const row = await db
    .selectFrom('operator_preferences')
    .select(['density', 'split_percent', 'is_record_full_width'])
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? toPreferences(row) : defaultOperatorPreferences;
}

/**
 * Changes some of the operator's preferences and answers all of them. One statement (an upsert),
 * so it needs no transaction of its own: the row is created with the defaults and the patch, or
 * only the patched columns change. Two browsers changing different preferences at once both
 * keep their change; the same one, the last write wins, which is what a person expects of a
 * display setting.
 *
 * Not audited, on purpose: these are one person's display settings (row height, split), which
 * no one else sees and which change no business record; the audit trail is for records.
 */
export async function updateOperatorPreferences(
  db: Kysely<Database>,
  uid: string,
  patch: TUpdateOperatorPreferencesRequest,
): Promise<TOperatorPreferences> {
  const changes = {
    ...(patch.density !== undefined ? { density: patch.density } : {}),
    ...(patch.splitPercent !== undefined ? { split_percent: patch.splitPercent } : {}),
    ...(patch.isRecordFullWidth !== undefined
      ? { is_record_full_width: patch.isRecordFullWidth }
      : {}),
  };
  const row = await db
    .insertInto('operator_preferences')
    .values({
      uid,
      density: defaultOperatorPreferences.density,
      split_percent: defaultOperatorPreferences.splitPercent,
      is_record_full_width: defaultOperatorPreferences.isRecordFullWidth,
      ...changes,
    })
    .onConflict((conflict) =>
      conflict.column('uid').doUpdateSet({ ...changes, updated_at: sql<Date>`now()` }),
    )
    .returning(['density', 'split_percent', 'is_record_full_width'])
    .executeTakeFirstOrThrow();
  return toPreferences(row);
}
