import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';

/**
 * Drops the bytes of every export whose 24 hours have passed (the hourly job
 * `data-export-expiry`), by `member_data_exports_expiry_idx`; the row stays, the member's record
 * of having asked. The download already refuses an expired export by its time; this frees the
 * space. Idempotent: a second run finds nothing.
 */
export async function expireDataExports(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('member_data_exports')
    .set({ content: null })
    .where('content', 'is not', null)
    .where('expires_at', '<=', clock.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
