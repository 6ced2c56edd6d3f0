import { sql, type Kysely } from 'kysely';

/**
 * Issue 18, the activity log (`GET /api/activity`): every audit entry in one keyset list, newest
 * first, filtered by operator, record type, action, days and record.
 *
 * - `audit_time_key(at)`: the entry's time as integer microseconds (UTC), the list's sort key. A
 *   cursor carries it exactly (a JavaScript Date would round `now()`'s microseconds away), as
 *   `email_time_key` does for the e-mail log. The days filter compares it too, so one index
 *   answers the sort and a range of days.
 * - One index per filter with the sort key after it, so that "this operator's changes, newest
 *   first" (or this table's, this action's) reads its first page from an index instead of
 *   walking the whole trail. The record filter needs none of its own: the History tab's index
 *   `(table_name, record_id, at)` finds a record's few entries (PostgreSQL 18 skips over the
 *   table names when the record type is not given).
 *
 * Plain CREATE INDEX: the migration runs once at start, under the migration lock, before the
 * server takes requests, so nothing waits on the brief write lock it holds while building.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE FUNCTION audit_time_key(at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (extract(epoch FROM at AT TIME ZONE 'UTC') * 1000000)::bigint;

CREATE INDEX audit_log_activity_at_idx ON audit_log ((audit_time_key(at)), id);
CREATE INDEX audit_log_activity_actor_idx ON audit_log (actor_uid, (audit_time_key(at)), id);
CREATE INDEX audit_log_activity_table_idx ON audit_log (table_name, (audit_time_key(at)), id);
CREATE INDEX audit_log_activity_action_idx ON audit_log (action, (audit_time_key(at)), id);

ANALYZE audit_log;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX audit_log_activity_at_idx, audit_log_activity_actor_idx,
                  audit_log_activity_table_idx, audit_log_activity_action_idx;
       DROP FUNCTION audit_time_key(timestamptz);`,
    )
    .execute(db);
}
