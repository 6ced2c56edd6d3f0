import { savedViewsPerListMax, type SavedViewListName } from '@ops/contract/saved-views';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from '../errors';

/**
 * A name is unique among its owner's views of a list, whatever its case ("Overdue" and
 * "overdue" would be two entries nobody tells apart). The unique index on
 * `(owner_uid, list, lower(name))` holds it; this check words the 400.
 */
export async function requireUniqueName(
  trx: Transaction<Database>,
  view: { ownerUid: string; list: SavedViewListName; name: string; exceptId?: string },
): Promise<void> {
  let query = trx
    .selectFrom('saved_views')
    .select('id')
    .where('owner_uid', '=', view.ownerUid)
    .where('list', '=', view.list)
    .where(sql<string>`lower(name)`, '=', view.name.toLowerCase());
  if (view.exceptId) query = query.where('id', '<>', view.exceptId);
  if (await query.executeTakeFirst()) {
    throw badInput(
      'body.name',
      'unique',
      `There is a view named "${view.name}" of this list already; choose another name.`,
    );
  }
}

/** At most `savedViewsPerListMax` views per operator and list, personal and shared together. */
export async function requireRoomForView(
  trx: Transaction<Database>,
  ownerUid: string,
  list: SavedViewListName,
): Promise<void> {
  const { n } = await trx
    .selectFrom('saved_views')
    .select(sql<string>`count(*)`.as('n'))
    .where('owner_uid', '=', ownerUid)
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  if (Number(n) >= savedViewsPerListMax) {
    throw badInput(
      'body.list',
      'too_big',
      `You keep ${savedViewsPerListMax} views of this list already, the most there may be; delete one first.`,
    );
  }
}
