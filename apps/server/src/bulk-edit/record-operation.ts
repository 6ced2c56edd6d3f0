import { bulkUndoServerWindowMs, type TBulkUndoHandle } from '@ops/contract/bulk-edit';
import { sql, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

/** The tables whose bulk actions can be undone, each with its own undo route. */
export type BulkTable = 'members' | 'invoices' | 'applications' | 'users' | 'emails';

/** One row a bulk action changed: the changed columns as they were, and how it was left. */
export type BulkOperationRow = {
  recordId: string;
  /** Only the columns the action changed, as they were before it. */
  before: Record<string, unknown>;
  /** The version the action left on a versioned table… */
  versionAfter?: number;
  /** …or, on an unversioned one (e-mails), a fingerprint of the row as the action left it. */
  fingerprint?: string;
};

/** How long an operation is kept after its undo window: a late undo is told "too late", not 404. */
const keptAfterWindow = '1 day';

/**
 * Records what a bulk action changed, in the action's own transaction, and answers the undo
 * handle (null when nothing changed: there is nothing to undo). A bulk action that commits in
 * chunks (users) passes the handle of its first chunk to add the later chunks' rows to it.
 *
 * The rows travel as one JSON parameter (`jsonb_to_recordset`): a selection of 100,000 members
 * is one statement, not 100,000 parameters. Operations whose window closed a day ago are deleted
 * here, so the table holds only what can still be answered.
 */
export async function recordBulkOperation(
  trx: Transaction<Database>,
  actor: Actor,
  operation: {
    table: BulkTable;
    action: string;
    rows: readonly BulkOperationRow[];
    /** The handle of the same action's earlier chunk, to add these rows to. */
    continues?: TBulkUndoHandle | null;
  },
): Promise<TBulkUndoHandle | null> {
  let handle = operation.continues ?? null;
  if (operation.rows.length === 0) return handle;
  if (!handle) {
    await sql`DELETE FROM bulk_operations
               WHERE undo_until < now() - ${keptAfterWindow}::interval`.execute(trx);
    const id = newId();
    const created = await trx
      .insertInto('bulk_operations')
      .values({
        id,
        table_name: operation.table,
        action: operation.action,
        operator_uid: actor.uid ?? actor.kind,
        // From the end of the action's work, not its start: a long change keeps its window.
        undo_until: sql<Date>`clock_timestamp() + ${`${bulkUndoServerWindowMs} milliseconds`}::interval`,
      })
      .returning('undo_until')
      .executeTakeFirstOrThrow();
    handle = { operationId: id, undoUntil: new Date(created.undo_until).toISOString() };
  }
  const rows = operation.rows.map((row) => ({
    record_id: row.recordId,
    before: row.before,
    version_after: row.versionAfter ?? null,
    fingerprint: row.fingerprint ?? null,
  }));
  await sql`
    INSERT INTO bulk_operation_rows (operation_id, record_id, before, version_after, fingerprint)
    SELECT ${handle.operationId}, r.record_id, r.before, r.version_after, r.fingerprint
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(record_id text, before jsonb, version_after integer, fingerprint text)
  `.execute(trx);
  return handle;
}
