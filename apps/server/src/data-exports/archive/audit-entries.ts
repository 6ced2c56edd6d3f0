import { sql, type Kysely } from 'kysely';
import { changedFields, reasonOf } from '../../audit';
import type { Database } from '../../db/schema';
import type { MemberRecords } from './member-records';

/** The tables whose history the archive gives, and the ids of the member's rows in each. */
function recordsOf(mid: string, records: MemberRecords): [table: string, ids: string[]][] {
  const ids = (rows: Record<string, unknown>[], key: string) => rows.map((row) => String(row[key]));
  return [
    ['members', [mid]],
    ['member_directory_entries', [mid]],
    ['users', ids(records.users, 'uid')],
    ['invoices', ids(records.invoices, 'iid')],
    ['credit_notes', ids(records.creditNotes, 'cnid')],
    ['money_movements', ids(records.payments, 'id')],
    ['certificates', ids(records.certificates, 'cid')],
    ['member_change_requests', ids(records.changeRequests, 'id')],
  ];
}

/**
 * The audit entries about the member's records, oldest first, as its History tabs show them:
 * the fields changed before → after without secrets or bookkeeping (`changedFields`, the one
 * rule of the audit trail), the reason given, and who: the member's own users by e-mail, the
 * federation's staff only as such (their names are not the member's data). Each table's entries
 * come by the trail's record index (table_name, record_id, at).
 */
export async function readAuditEntries(
  db: Kysely<Database>,
  mid: string,
  records: MemberRecords,
): Promise<Record<string, unknown>[]> {
  const ownUsers = new Map(
    records.users.map((user) => [String(user.uid), String(user.email)] as const),
  );
  const perTable = await Promise.all(
    recordsOf(mid, records)
      .filter(([, ids]) => ids.length > 0)
      .map(([table, ids]) =>
        db
          .selectFrom('audit_log')
          .select(['id', 'at', 'actor_kind', 'actor_uid', 'table_name', 'record_id', 'action'])
          .select(['before', 'after'])
          .where('table_name', '=', table)
          .where('record_id', '=', sql<string>`any(${ids}::text[])`)
          .execute(),
      ),
  );
  return perTable
    .flat()
    .sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.id) - Number(b.id))
    .map((entry) => ({
      at: entry.at.toISOString(),
      table: entry.table_name,
      recordId: entry.record_id,
      action: entry.action,
      by: {
        kind: entry.actor_kind,
        email: entry.actor_uid ? (ownUsers.get(entry.actor_uid) ?? null) : null,
      },
      changes: changedFields(entry.before, entry.after),
      reason: reasonOf(entry.after),
    }));
}
