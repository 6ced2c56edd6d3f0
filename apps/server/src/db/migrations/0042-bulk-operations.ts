import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, undo of bulk actions: what each bulk action changed, written in the action's own
 * transaction, so that `POST /api/<area>/bulk/undo` can give the rows their previous values.
 *
 * - `bulk_operations`: one row per bulk action (members status, bulk edit, users disabled,
 *   e-mails retry): its table, its action, the operator who did it, and until when the undo is
 *   taken (`undo_until`, the screen's 10 seconds plus travel time). `undone_at`/`undone_by` mark
 *   an undo done (an operation is undone once).
 * - `bulk_operation_rows`: per changed row, only the columns the action changed as they were
 *   (`before`), and how to tell the row was not changed since: the version the action left on a
 *   versioned table (`version_after`), or a fingerprint of an unversioned one (e-mails: state,
 *   attempts and deliveries). A row whose version moved on is skipped by the undo, never
 *   overwritten.
 *
 * Operations are kept a day after their undo window (for the "too late" answer), then deleted
 * by the next bulk action (`bulk-edit/record-operation.ts`); `undo_until`'s index finds them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE bulk_operations (
  id text PRIMARY KEY,
  table_name text NOT NULL,
  action text NOT NULL,
  operator_uid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  undo_until timestamptz NOT NULL,
  undone_at timestamptz,
  undone_by text
);
CREATE INDEX bulk_operations_undo_until_idx ON bulk_operations (undo_until);

CREATE TABLE bulk_operation_rows (
  operation_id text NOT NULL REFERENCES bulk_operations (id) ON DELETE CASCADE,
  record_id text NOT NULL,
  before jsonb NOT NULL,
  version_after integer,
  fingerprint text,
  PRIMARY KEY (operation_id, record_id),
  CHECK (version_after IS NOT NULL OR fingerprint IS NOT NULL)
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulk_operation_rows, bulk_operations`.execute(db);
}
