import { sql } from 'kysely';
import type { Db } from './operations';

/** The live member a deleted member was merged into (following merges of merges), if any. */
export async function mergeSurvivors(db: Db, mids: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  let pending = [...new Set(mids)];
  const origin = new Map(pending.map((mid) => [mid, mid]));
  for (let hop = 0; hop < 5 && pending.length > 0; hop++) {
    const { rows } = await sql<{ record_id: string; into: string; live: boolean }>`
      SELECT DISTINCT ON (a.record_id) a.record_id, a.after -> '_mergedInto' ->> 'mid' AS into,
             (s.deleted_at IS NULL) AS live
        FROM audit_log a JOIN members s ON s.mid = a.after -> '_mergedInto' ->> 'mid'
       WHERE a.table_name = 'members' AND a.record_id = ANY(${pending}::text[])
         AND a.after ? '_mergedInto'
       ORDER BY a.record_id, a.at DESC`.execute(db);
    const next: string[] = [];
    for (const row of rows) {
      const start = origin.get(row.record_id);
      if (!start) continue;
      if (row.live) result.set(start, row.into);
      else if (!origin.has(row.into)) {
        origin.set(row.into, start);
        next.push(row.into);
      }
    }
    pending = next;
  }
  return result;
}
