import type { RawBuilder } from 'kysely';
import type { Db } from './operations';

/** The number a `SELECT count(*)::int AS count …` answers. */
export async function countOf(db: Db, query: RawBuilder<{ count: number }>): Promise<number> {
  const { rows } = await query.execute(db);
  return rows[0]?.count ?? 0;
}
