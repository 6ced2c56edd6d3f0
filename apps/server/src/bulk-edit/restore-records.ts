import { auditReasonKey } from '@ops/contract';
import type { TBulkUndoResult } from '@ops/contract/bulk-edit';
import { sql, type Transaction } from 'kysely';
import { revokeUserSessions } from '../auth';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { undoOutcome, writerName } from './conflicts';
import { undoTables, type VersionedBulkTable } from './tables';

function pick(row: Record<string, unknown>, columns: readonly string[] | undefined) {
  if (!columns) return row;
  return Object.fromEntries(columns.map((column) => [column, row[column]]));
}

/**
 * Gives the rows of a bulk operation on a versioned table their previous values, in one
 * statement, through the records store's path (`versionBump`, one audit entry per row with the
 * reason): only rows still at the version the action left. The others (changed since, or gone)
 * are skipped and named with who changed them and when.
 *
 * Each row's `before` holds only the columns its action changed; a column is written back from
 * it where the row's `before` has it (typed by the table's own row type, `jsonb_populate_record`)
 * and left alone where not. Undoing a users disable enables them again, but the sessions the
 * disable ended stay ended (they were revoked, not paused); undoing an enable disables them again
 * and ends their sessions, as a disable does.
 */
export async function restoreRecords(
  trx: Transaction<Database>,
  actor: Actor,
  table: VersionedBulkTable,
  operationId: string,
  reason: string,
): Promise<TBulkUndoResult> {
  const spec = undoTables[table];
  const keys = await sql<{ column: string }>`
    SELECT DISTINCT jsonb_object_keys(before) AS column
      FROM bulk_operation_rows WHERE operation_id = ${operationId}`.execute(trx);
  const columns = keys.rows.map((row) => row.column);
  const foreign = columns.filter((column) => !spec.columns.includes(column));
  if (foreign.length > 0) {
    // Only this area's bulk actions write operations of this table: a stranger is a bug.
    throw new AppError('internal', `The bulk change names columns it cannot restore: ${foreign}.`);
  }
  const tableRef = sql.table(table);
  const key = sql.ref(`t.${spec.key}`);
  let restored: { id: string; before: Record<string, unknown>; after: Record<string, unknown> }[] =
    [];
  if (columns.length > 0) {
    const sets = columns.map(
      (column) =>
        sql`${sql.id(column)} = CASE WHEN x.bulk_before ? ${column}
          THEN (jsonb_populate_record(NULL::${tableRef}, x.bulk_before)).${sql.id(column)}
          ELSE ${sql.ref(`t.${column}`)} END`,
    );
    const { rows } = await sql<{
      id: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>`
      WITH target AS (
        -- Each row with its before beside it: no CTE joined to another (no index there).
        SELECT t.*, r.before AS bulk_before FROM bulk_operation_rows r
          JOIN ${tableRef} t ON ${key} = r.record_id AND t.version = r.version_after
         WHERE r.operation_id = ${operationId}
           FOR UPDATE OF t)
      UPDATE ${tableRef} t SET ${sql.join(sets)}, ${versionBump('t', actor)}
        FROM target x
       WHERE ${key} = ${sql.ref(`x.${spec.key}`)}
      RETURNING ${key} AS id, to_jsonb(x) - 'bulk_before' AS before, to_jsonb(t) AS after
    `.execute(trx);
    restored = rows;
  }
  await recordAudits(
    trx,
    actor,
    restored.map((row) => ({
      table,
      recordId: row.id,
      action: 'undo',
      before: pick(row.before, spec.auditColumns),
      after: { ...pick(row.after, spec.auditColumns), [auditReasonKey]: reason },
    })),
  );
  if (table === 'users') {
    // A user disabled again by the undo of an enable signs out, as any disable does.
    for (const row of restored) {
      if (row.after.disabled === true) await revokeUserSessions(trx, row.id);
    }
  }
  return undoOutcome(
    trx,
    operationId,
    restored.map((row) => row.id),
    {
      joins: sql`LEFT JOIN ${tableRef} t ON ${key} = r.record_id
      LEFT JOIN users w ON w.uid = t.updated_by`,
      label: sql`coalesce(${spec.label}, r.record_id)`,
      changedBy: writerName('t', 'w'),
      changedAt: sql`coalesce(t.updated_at, now())`,
    },
  );
}
