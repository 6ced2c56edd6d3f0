import type { TListSelection } from '@ops/contract';
import type { TBulkEditResult } from '@ops/contract/bulk-edit';
import { sql, type Kysely } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { manyChangedRows, refreshStatistics, type StatisticsLog } from '../lists';
import { maxNamedConflicts, toConflict, writerName, type ConflictRow } from './conflicts';
import type { EditTarget, EditValue } from './edit-target';
import { prepareEdit } from './prepare-edit';
import { recordBulkOperation } from './record-operation';

/** The preview's time as the database reads it, or a 400: the commit compares rows with it. */
function previewTime(previewedAt: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(previewedAt)) {
    throw badInput(
      'body.previewedAt',
      'invalid_format',
      "previewedAt is the preview's time as it answered it (ISO 8601).",
    );
  }
  return previewedAt;
}

/**
 * Changes one field on every row of a selection, in one transaction and one statement: the rows
 * are locked, each classified as the preview does (not editable, unchanged, changing), and a
 * changing row written after the preview (`updated_at > previewedAt`: someone changed it since
 * the person looked) is skipped and reported with who and when, never overwritten. The others
 * take the value through the records store's path (`versionBump`, one audit entry each, action
 * `bulk-edit`), and the operation is recorded for the undo.
 */
export async function commitBulkEdit(
  db: Kysely<Database>,
  actor: Actor,
  target: EditTarget,
  request: { selection: TListSelection; field: string; value: EditValue; previewedAt: string },
  log?: StatisticsLog,
): Promise<TBulkEditResult> {
  const previewedAt = previewTime(request.previewedAt);
  const result = await writeTransaction(db, async (trx) => {
    const edit = await prepareEdit(trx, target, request);
    const column = edit.field.column;
    const table = sql.table(target.table);
    const lockedKey = sql.ref(`l.${target.key}`);
    const { rows } = await sql<{
      counts: Record<string, number> | null;
      conflicts: ConflictRow[];
      id: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>`
      WITH selected AS (${target.selected(trx, request.selection)}),
      -- Each row's outcome beside the row itself: CTEs joined to CTEs have no index, and a
      -- nested loop over two of 10,000 rows took minutes.
      locked AS (
        SELECT t.*,
               CASE WHEN o.outcome = 'changing' AND t.updated_at > ${previewedAt}::timestamptz
                    THEN 'conflict' ELSE o.outcome END AS bulk_outcome
          FROM ${table} t CROSS JOIN LATERAL (SELECT ${edit.outcome('t')} AS outcome) o
         WHERE ${sql.ref(`t.${target.key}`)} IN (SELECT id FROM selected)
           FOR UPDATE OF t),
      updated AS (
        UPDATE ${table} t SET ${sql.id(column)} = ${edit.valueSql}, ${versionBump('t', actor)}
          FROM locked l
         WHERE ${sql.ref(`t.${target.key}`)} = ${lockedKey} AND l.bulk_outcome = 'changing'
        RETURNING ${sql.ref(`t.${target.key}`)} AS id, to_jsonb(l) - 'bulk_outcome' AS before,
                  to_jsonb(t) AS after)
      -- One row even when nothing changed, so the counts always come back.
      SELECT (SELECT json_object_agg(bulk_outcome, n)
                FROM (SELECT bulk_outcome, count(*) AS n FROM locked GROUP BY bulk_outcome) o)
               AS counts,
             (SELECT coalesce(json_agg(x), '[]') FROM (
                SELECT ${lockedKey} AS id, ${target.label('l')} AS label,
                       ${writerName('l', 'w')} AS changed_by, l.updated_at AS changed_at
                  FROM locked l LEFT JOIN users w ON w.uid = l.updated_by
                 WHERE l.bulk_outcome = 'conflict'
                 ORDER BY ${target.order('l')}, ${lockedKey}
                 LIMIT ${maxNamedConflicts}) x) AS conflicts,
             u.id, u.before, u.after
        FROM (SELECT 1) AS one LEFT JOIN updated u ON true
    `.execute(trx);
    const changed = rows.filter((row) => row.id !== null);
    await recordAudits(
      trx,
      actor,
      changed.map((row) => ({
        table: target.table,
        recordId: row.id as string,
        action: 'bulk-edit',
        before: row.before,
        after: row.after,
      })),
    );
    const undo = await recordBulkOperation(trx, actor, {
      table: target.table,
      action: 'bulk-edit',
      rows: changed.map((row) => ({
        recordId: row.id as string,
        before: { [column]: row.before?.[column] ?? null },
        versionAfter: Number(row.after?.version),
      })),
    });
    const counts = rows[0]?.counts ?? {};
    const conflicts = rows[0]?.conflicts ?? [];
    return {
      changed: changed.length,
      unchanged: Number(counts.unchanged ?? 0),
      notEditable: Number(counts['not-editable'] ?? 0),
      conflicts: conflicts.map(toConflict),
      conflictCount: Number(counts.conflict ?? 0),
      undo,
    };
  });
  // Thousands of rows changed: the planner's estimates of the list's filters follow.
  if (result.changed >= manyChangedRows) await refreshStatistics(db, [target.table], log);
  return result;
}
