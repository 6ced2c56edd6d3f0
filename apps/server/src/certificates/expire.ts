import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Marks issued certificates whose valid-to date has passed (UTC) as expired, with an audit entry
 * each, in one set-based statement (the partial index of migration 0010 finds them). Reads show
 * such a certificate as expired at once anyway; this keeps the stored status, and so the list's
 * status filter and sort, true. Returns how many it marked.
 */
export async function expireCertificates(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ count: number }>`
    WITH expired AS (
      UPDATE certificates
         SET status = 'expired', version = version + 1, updated_at = now(), updated_by = 'system'
       WHERE status = 'issued' AND valid_to < (now() AT TIME ZONE 'UTC')::date
      RETURNING cid, version
    ), audited AS (
      INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
      SELECT NULL, 'system', 'certificates', cid, 'expire',
             jsonb_build_object('status', 'issued', 'version', version - 1),
             jsonb_build_object('status', 'expired', 'version', version)
        FROM expired
      RETURNING 1
    )
    SELECT count(*)::int AS count FROM audited`.execute(db);
  return result.rows[0]?.count ?? 0;
}

/** How often every instance sweeps (the change is idempotent; instances may overlap). */
export const expirySweepMs = 60 * 60 * 1000;
