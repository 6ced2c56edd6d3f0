import type { Kysely } from 'kysely';
import { recordAudit } from '../db/audit';
import { checkRecordVersion, lockRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { requireEdit, type Caller } from './caller';

/**
 * DELETE /api/saved-views/:id?version=N: deletes a view at the version the person read (409
 * when someone changed it since), on the same terms as a change (`updateSavedView`), with an
 * audit entry keeping the whole row. The defaults naming it go with it (ON DELETE CASCADE).
 */
export async function deleteSavedView(
  db: Kysely<Database>,
  caller: Caller,
  id: string,
  version: number,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'saved_views', id);
    requireEdit(caller, id, row);
    await checkRecordVersion(trx, 'saved_views', row, version);
    await trx.deleteFrom('saved_views').where('id', '=', id).execute();
    await recordAudit(trx, caller.actor, {
      table: 'saved_views',
      recordId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
}
