import { sql, type Kysely } from 'kysely';
import { replaceMembersFactsFunction } from './0038-report-counts';

/**
 * Issue 19, bulk edit at scale: the members' `report_counts` trigger (migration 0038) asked
 * "did any member move country or category?" with EXISTS over a join of the statement's old and
 * new rows. PostgreSQL plans that as a nested loop (it bets on an early match), so a bulk write of
 * 10,000 members that moved none compared 10,000 × 10,000 rows: 13.6 s of a 14 s update. The
 * function is replaced with the same body asking by a count, which hashes the join (2.6 s for
 * the whole update). The facts it writes do not change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(replaceMembersFactsFunction()).execute(db);
}

/** Nothing to undo: the replaced function computes the same facts as 0038's. */
export async function down(): Promise<void> {}
