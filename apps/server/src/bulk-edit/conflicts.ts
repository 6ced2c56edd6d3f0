import type { TBulkConflict } from '@ops/contract/bulk-edit';
import type { TBulkUndoResult } from '@ops/contract/bulk-edit';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** At most this many conflicts are named in an answer (the contract's limit); the rest counted. */
export const maxNamedConflicts = 200;

/**
 * Who a row's `updated_by` names, as the records store's 409 words it: "Ann Muster
 * (ann@example.org)", the e-mail alone, or the stored word ('system', 'cli') when it is no user.
 * `writer` is the alias of a LEFT JOIN on `users` by that column.
 */
export function writerName(row: string, writer: string): RawBuilder<string | null> {
  const updatedBy = sql.ref(`${row}.updated_by`);
  const name = sql.ref(`${writer}.display_name`);
  const email = sql.ref(`${writer}.email`);
  return sql<string | null>`CASE WHEN ${email} IS NULL THEN ${updatedBy}
    WHEN ${name} IS NOT NULL THEN ${name} || ' (' || ${email} || ')' ELSE ${email} END`;
}

/** A conflict as the database answers it (`changed_at` a time), as the contract sends it. */
export type ConflictRow = {
  id: string;
  label: string;
  changed_by: string | null;
  changed_at: Date | string;
};

export function toConflict(row: ConflictRow): TBulkConflict {
  return {
    id: row.id,
    label: row.label,
    changedBy: row.changed_by,
    changedAt: new Date(row.changed_at).toISOString(),
  };
}

/**
 * An undo's answer: how many rows it restored, and the rows of the operation it left alone
 * (changed since, or gone), the first `maxNamedConflicts` named with their `label` and who and
 * when changed them, all counted. The e-mails' undo and the versioned records' undo read the rows
 * left alone by the same statement; `joins` brings in the record (and its writer) by
 * `r.record_id`.
 */
export async function undoOutcome(
  trx: Transaction<Database>,
  operationId: string,
  restoredIds: readonly string[],
  left: {
    joins: RawBuilder<unknown>;
    label: RawBuilder<unknown>;
    changedBy: RawBuilder<unknown>;
    changedAt: RawBuilder<unknown>;
  },
): Promise<TBulkUndoResult> {
  const { rows: skipped } = await sql<ConflictRow & { total: string }>`
    SELECT r.record_id AS id, ${left.label} AS label,
           ${left.changedBy} AS changed_by, ${left.changedAt} AS changed_at,
           count(*) OVER () AS total
      FROM bulk_operation_rows r
      ${left.joins}
     WHERE r.operation_id = ${operationId}
       AND NOT (r.record_id = ANY(${[...restoredIds]}::text[]))
     ORDER BY r.record_id
     LIMIT ${maxNamedConflicts}`.execute(trx);
  return {
    restored: restoredIds.length,
    skipped: skipped.map(toConflict),
    skippedCount: Number(skipped[0]?.total ?? 0),
  };
}
