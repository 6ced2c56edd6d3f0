import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Where a failed refresh is reported (the app's or a request's pino logger). */
export type StatisticsLog = { warn(details: object, message: string): void };

/**
 * A bulk write that changes at least this many rows refreshes its tables' statistics. Below,
 * autovacuum's own threshold (a tenth of the table) catches up soon enough, and the lists count
 * small results exactly anyway.
 */
export const manyChangedRows = 1_000;

/**
 * Refreshes the planner's statistics of tables a bulk write just filled or changed (`ANALYZE`),
 * after its transaction committed: the lists' "about N" (their estimate above the exact count's
 * limit) and the plans the lists pick read these statistics, and autovacuum would only refresh
 * them minutes later. ANALYZE samples a fixed number of rows, so it stays well under a second at
 * a million rows. Its failure (a lock timeout, a table dropped meanwhile) never fails the write
 * that already committed: it is logged, and autovacuum still comes by.
 */
export async function refreshStatistics(
  db: Kysely<Database>,
  tables: readonly (keyof Database & string)[],
  log?: StatisticsLog,
): Promise<void> {
  if (tables.length === 0) return;
  const unique = [...new Set(tables)];
  try {
    await sql`ANALYZE ${sql.join(unique.map((table) => sql.table(table)))}`.execute(db);
  } catch (error) {
    const message = 'refreshing table statistics failed';
    // The CLI has no logger: a process warning on stderr says it there.
    if (log) log.warn({ err: error, tables: unique }, message);
    else process.emitWarning(`${message} (${unique.join(', ')}): ${String(error)}`);
  }
}
