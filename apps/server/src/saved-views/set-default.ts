import type {
  SavedViewListName,
  TSavedViewDefault,
  TSetSavedViewDefaultRequest,
} from '@ops/contract/saved-views';
import type { Kysely, Transaction } from 'kysely';
import { recordAudits, type AuditEntry } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { canSee, type Caller } from './caller';

/**
 * Makes `viewId` the caller's default view of `list` (null: none, the list's own default),
 * audited as entries of the views themselves — `set-default` on the new one, `unset-default`
 * on the one it replaces — without changing their version: a default is the caller's, not
 * the view's, so it never makes another operator's edit of a shared view a conflict. Setting
 * the default it is already writes nothing.
 */
export async function changeDefault(
  trx: Transaction<Database>,
  caller: Caller,
  list: SavedViewListName,
  viewId: string | null,
): Promise<void> {
  const current = await trx
    .selectFrom('saved_view_defaults')
    .select('view_id')
    .where('uid', '=', caller.uid)
    .where('list', '=', list)
    .forUpdate()
    .executeTakeFirst();
  const previous = current?.view_id ?? null;
  if (previous === viewId) return;
  if (viewId === null) {
    await trx
      .deleteFrom('saved_view_defaults')
      .where('uid', '=', caller.uid)
      .where('list', '=', list)
      .execute();
  } else {
    await trx
      .insertInto('saved_view_defaults')
      .values({ uid: caller.uid, list, view_id: viewId })
      .onConflict((conflict) => conflict.columns(['uid', 'list']).doUpdateSet({ view_id: viewId }))
      .execute();
  }
  const entries: AuditEntry[] = [];
  if (previous !== null) {
    entries.push({
      table: 'saved_views',
      recordId: previous,
      action: 'unset-default',
      before: { is_default: true },
      after: { is_default: false },
    });
  }
  if (viewId !== null) {
    entries.push({
      table: 'saved_views',
      recordId: viewId,
      action: 'set-default',
      before: { is_default: false },
      after: { is_default: true },
    });
  }
  await recordAudits(trx, caller.actor, entries);
}

/**
 * PUT /api/saved-views/defaults/:list: the caller's default view of a list — one they see (their
 * own or a shared one) and of that list — or null to open the list as it comes.
 */
export async function setSavedViewDefault(
  db: Kysely<Database>,
  caller: Caller,
  list: SavedViewListName,
  body: TSetSavedViewDefaultRequest,
): Promise<TSavedViewDefault> {
  return writeTransaction(db, async (trx) => {
    if (body.viewId !== null) {
      const view = await trx
        .selectFrom('saved_views')
        .select(['id', 'list', 'name', 'owner_uid', 'is_shared'])
        .where('id', '=', body.viewId)
        .executeTakeFirst();
      if (!view || !canSee(caller, view)) {
        throw badInput(
          'body.viewId',
          'exists',
          `No saved view of yours, nor a shared one, has the id ${body.viewId}.`,
        );
      }
      if (view.list !== list) {
        throw badInput(
          'body.viewId',
          'invalid_value',
          `The view "${view.name}" is a view of the ${view.list} list, not of the ${list} list.`,
        );
      }
    }
    await changeDefault(trx, caller, list, body.viewId);
    return { list, viewId: body.viewId };
  });
}
