import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/**
 * The audit entries of one record (its table and id), for a test to select, narrow and order what
 * it checks: the tests that assert what a change audited all read the log this way.
 */
export function auditEntriesOf(db: Kysely<Database>, table: string, recordId: string) {
  return db
    .selectFrom('audit_log')
    .where('table_name', '=', table)
    .where('record_id', '=', recordId);
}
