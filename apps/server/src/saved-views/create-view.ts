import type { TCreateSavedViewRequest, TSavedView } from '@ops/contract/saved-views';
import type { Kysely } from 'kysely';
import { insertRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { newId } from '../lib/ids';
import { requireAction, type Caller } from './caller';
import { checkSavedParams } from './params';
import { requireRoomForView, requireUniqueName } from './rules';
import { changeDefault } from './set-default';
import { readView } from './view-row';

/**
 * POST /api/saved-views: saves the caller's view of a list under a name — personal, or shared
 * with every operator (`views.share`) — and makes it their default of the list if asked, in one
 * transaction with its audit entries (`create`, and `set-default`).
 */
export async function createSavedView(
  db: Kysely<Database>,
  caller: Caller,
  body: TCreateSavedViewRequest,
): Promise<TSavedView> {
  if (body.isShared) requireAction(caller, 'views.share');
  const params = checkSavedParams(body.list, body.params);
  return writeTransaction(db, async (trx) => {
    await requireRoomForView(trx, caller.uid, body.list);
    await requireUniqueName(trx, { ownerUid: caller.uid, list: body.list, name: body.name });
    const row = await insertRecord(
      trx,
      caller.actor,
      'saved_views',
      {
        id: newId(),
        owner_uid: caller.uid,
        list: body.list,
        name: body.name,
        params,
        is_shared: body.isShared ?? false,
      },
      { action: 'create' },
    );
    if (body.isDefault) await changeDefault(trx, caller, body.list, row.id);
    return readView(trx, caller, row.id);
  });
}
