import type { TOperatorRecord } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The operator record of a user; an inactive record counts as none. */
export async function findOperatorRecord(
  db: Kysely<Database>,
  uid: string,
): Promise<TOperatorRecord | null> {
  const row = await db
    .selectFrom('operators')
    .select(['uid', 'roles', 'active', 'updated_at'])
    .where('uid', '=', uid)
    .where('active', '=', true)
    .executeTakeFirst();
  return row
    ? {
        uid: row.uid,
        roles: row.roles,
        active: row.active,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;
}
