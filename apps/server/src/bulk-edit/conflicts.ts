import type { TBulkConflict } from '@ops/contract/bulk-edit';
import { sql, type RawBuilder } from 'kysely';

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
