import type { TSavedView, TUpdateSavedViewRequest } from '@ops/contract/saved-views';
import type { Kysely } from 'kysely';
import {
  checkRecordVersion,
  lockRecord,
  recordNotFound,
  updateRecord,
  type RecordChanges,
} from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { requireAction, requireEdit, type Caller } from './caller';
import { checkSavedParams } from './params';
import { requireUniqueName } from './rules';
import { isKnownList, readView } from './view-row';

/** What the audit entry calls a change: the one thing it did, or `update` for several. */
function actionOf(changes: RecordChanges<'saved_views'>): string {
  const actions = [
    ...(changes.name !== undefined ? ['rename'] : []),
    ...(changes.params !== undefined ? ['update'] : []),
    ...(changes.is_shared !== undefined ? [changes.is_shared ? 'share' : 'unshare'] : []),
  ];
  return actions.length === 1 ? (actions[0] as string) : 'update';
}

/**
 * PATCH /api/saved-views/:id: renames a view, updates it with the current state of its list, or
 * shares / unshares it, at the version the person read (409 when someone changed it since).
 * Their own personal views, anyone; their own shared views, with `views.share`; another
 * operator's shared view, with `views.manage-shared` (admins); another operator's personal view
 * is a 404. Sharing needs `views.share`. Unsharing takes the view away from the other operators,
 * with their defaults of it. Sending what it already is writes nothing.
 */
export async function updateSavedView(
  db: Kysely<Database>,
  caller: Caller,
  id: string,
  body: TUpdateSavedViewRequest,
): Promise<TSavedView> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'saved_views', id);
    requireEdit(caller, id, row);
    await checkRecordVersion(trx, 'saved_views', row, body.version);
    if (!isKnownList(row.list)) throw recordNotFound('saved_views', id);
    const list = row.list;

    const changes: RecordChanges<'saved_views'> = {};
    if (body.name !== undefined && body.name !== row.name) {
      if (body.name.toLowerCase() !== row.name.toLowerCase()) {
        await requireUniqueName(trx, {
          ownerUid: row.owner_uid,
          list,
          name: body.name,
          exceptId: id,
        });
      }
      changes.name = body.name;
    }
    if (body.params !== undefined) {
      const params = checkSavedParams(list, body.params);
      if (params !== row.params) changes.params = params;
    }
    if (body.isShared !== undefined && body.isShared !== row.is_shared) {
      if (body.isShared) requireAction(caller, 'views.share');
      changes.is_shared = body.isShared;
    }
    if (Object.keys(changes).length === 0) return readView(trx, caller, id);

    await updateRecord(trx, caller.actor, 'saved_views', row, changes, {
      action: actionOf(changes),
    });
    if (changes.is_shared === false) {
      // Nobody but its owner sees it now: it is no one else's default any more.
      await trx
        .deleteFrom('saved_view_defaults')
        .where('view_id', '=', id)
        .where('uid', '<>', row.owner_uid)
        .execute();
    }
    return readView(trx, caller, id);
  });
}
