import { bulkEditSampleSize, type TBulkEditPreview } from '@ops/contract/bulk-edit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EditTarget, EditValue } from './edit-target';
import { prepareEdit } from './prepare-edit';
import type { TListSelection } from '@ops/contract';

/**
 * What a bulk edit would do, read in one statement (one snapshot): how many rows the selection
 * names, change, already have the value, or may not change; a sample of the changing rows before
 * → after in the screen's words; and `previewedAt`, the database's time of that snapshot, to the
 * microsecond — the commit skips rows written after it.
 */
export async function previewBulkEdit(
  db: Kysely<Database>,
  target: EditTarget,
  request: { selection: TListSelection; field: string; value: EditValue },
): Promise<TBulkEditPreview> {
  const edit = await prepareEdit(db, target, request);
  const key = sql.ref(`t.${target.key}`);
  const { rows } = await sql<{
    previewed_at: string;
    selected: string;
    changing: string;
    unchanged: string;
    not_editable: string;
    sample: { id: string; label: string; current: unknown }[];
  }>`
    WITH selected AS (${target.selected(db, request.selection)}),
    rows AS (
      SELECT ${key} AS id, ${target.label('t')} AS label, ${target.order('t')} AS sort_key,
             ${sql.ref(`t.${edit.field.column}`)} AS current, ${edit.outcome('t')} AS outcome
        FROM ${sql.table(target.table)} t
       WHERE ${key} IN (SELECT id FROM selected))
    SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS previewed_at,
           (SELECT count(*) FROM rows) AS selected,
           (SELECT count(*) FROM rows WHERE outcome = 'changing') AS changing,
           (SELECT count(*) FROM rows WHERE outcome = 'unchanged') AS unchanged,
           (SELECT count(*) FROM rows WHERE outcome = 'not-editable') AS not_editable,
           (SELECT coalesce(json_agg(s), '[]') FROM (
              SELECT id, label, current FROM rows WHERE outcome = 'changing'
               ORDER BY sort_key, id LIMIT ${bulkEditSampleSize}) s) AS sample
  `.execute(db);
  const counts = rows[0];
  if (!counts) throw new Error('The preview statement answered no row');
  const words = await edit.field.words(db, [
    ...counts.sample.map((row) => row.current),
    edit.value,
  ]);
  return {
    selected: Number(counts.selected),
    changing: Number(counts.changing),
    unchanged: Number(counts.unchanged),
    notEditable: Number(counts.not_editable),
    sample: counts.sample.map((row) => ({
      id: row.id,
      label: row.label,
      before: words(row.current),
      after: words(edit.value),
    })),
    previewedAt: counts.previewed_at,
  };
}
