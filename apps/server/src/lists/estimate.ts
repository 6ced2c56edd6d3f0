import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * How many rows a query would return, as PostgreSQL's planner estimates them: a list shows
 * "about N" without ever running COUNT(*) over a large table.
 */
export async function estimateRows<DB>(db: Kysely<DB>, query: Compilable): Promise<number> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}
