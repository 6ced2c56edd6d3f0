import { sql, type Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { checkRecordVersion, lockRecord, recordNotFound, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';

/**
 * DELETE /api/notes/:id?version=N (`notes.delete`, admins): the note leaves the record, the
 * follow-up cards and the mentions at once, but only softly (`deleted_at`, `deleted_by`): its
 * text stays in the row and in the audit entry. A note deleted already is a 404, a note changed
 * since it was read a 409.
 */
export async function deleteNote(
  db: Kysely<Database>,
  actor: OperatorActor,
  id: string,
  version: number,
): Promise<{ ok: true }> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'notes', id);
    if (row.deleted_at) throw recordNotFound('notes', id);
    await checkRecordVersion(trx, 'notes', row, version);
    await updateRecord(
      trx,
      actor,
      'notes',
      row,
      { deleted_at: sql<Date>`now()`, deleted_by: actor.uid },
      { action: 'delete' },
    );
    return { ok: true as const };
  });
}
