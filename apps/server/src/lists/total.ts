import { listLimits } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { estimateRows } from './estimate';
import type { AnySelect } from './run-list';

/** How many rows a view of a list selects, and whether that number was counted or estimated. */
export type ListTotal = { total: number; isExact: boolean };

/**
 * The number of rows `matching` selects: counted when at most `exactLimit` do, estimated above.
 *
 * The planner's estimate alone is wrong exactly where people notice: on small tables ("about 460
 * operators" for 8) and on tables just written to (an import of 3 members left the count as it
 * was until autovacuum came by). The count stops at `exactLimit + 1` rows, so it reads at most
 * that many entries of the index the filters use however large the table; beyond that, the
 * estimate (never below what was counted) is the honest "about".
 */
export async function countMatching(
  db: Kysely<Database>,
  matching: AnySelect,
  exactLimit: number = listLimits.exactTotalLimit,
): Promise<ListTotal> {
  // A constant column: the count needs no column of the rows, so an index-only scan will do.
  const bounded = matching.select(sql<number>`1`.as('one')).limit(exactLimit + 1);
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM (${bounded}) AS bounded`.execute(db);
  const counted = rows[0]?.n ?? 0;
  if (counted <= exactLimit) return { total: counted, isExact: true };
  const estimate = await estimateRows(db, matching.select(sql<number>`1`.as('one')));
  return { total: Math.max(estimate, counted), isExact: false };
}
