import type { TActivityFacets } from '@ops/contract/activity';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The choices of the activity log's operator and action filters: the values the trail holds.
 * Each is a loose index scan (one index probe per distinct value, on migration 0037's
 * `(actor_uid, …)` and `(action, …)` indexes), so a trail of millions of entries with a few
 * dozen actors and actions answers in a few dozen probes rather than a scan.
 */
export async function getActivityFacets(db: Kysely<Database>): Promise<TActivityFacets> {
  const [actors, actions] = await Promise.all([
    sql<{ uid: string; email: string | null; display_name: string | null }>`
      WITH RECURSIVE actors(uid) AS (
        (SELECT actor_uid FROM audit_log WHERE actor_uid IS NOT NULL ORDER BY actor_uid LIMIT 1)
        UNION ALL
        SELECT (SELECT a.actor_uid FROM audit_log a
                 WHERE a.actor_uid > actors.uid ORDER BY a.actor_uid LIMIT 1)
          FROM actors WHERE actors.uid IS NOT NULL
      )
      SELECT actors.uid, u.email, u.display_name
        FROM actors LEFT JOIN users u ON u.uid = actors.uid
       WHERE actors.uid IS NOT NULL
       ORDER BY u.email NULLS LAST, actors.uid`.execute(db),
    sql<{ action: string }>`
      WITH RECURSIVE actions(action) AS (
        (SELECT action FROM audit_log ORDER BY action LIMIT 1)
        UNION ALL
        SELECT (SELECT a.action FROM audit_log a
                 WHERE a.action > actions.action ORDER BY a.action LIMIT 1)
          FROM actions WHERE actions.action IS NOT NULL
      )
      SELECT action FROM actions WHERE action IS NOT NULL ORDER BY action`.execute(db),
  ]);
  return {
    actors: actors.rows.map((row) => ({
      uid: row.uid,
      email: row.email,
      displayName: row.display_name,
    })),
    actions: actions.rows.map((row) => row.action),
  };
}
