import type { TFollowUpDoneRequest, TNote } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { checkRecordVersion, lockRecord, recordNotFound, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { readNote, type NoteViewer } from './note-view';

/**
 * POST /api/notes/:id/done: marks the note's follow-up done (`done: true`, stamping who and
 * when) or open again (`done: false`), with the version read (409 if it moved). Anyone with
 * `notes.write` may, not only the assignee: a colleague who handled it closes it. A note
 * without a follow-up is a 400; asking for the state it is in already writes nothing.
 */
export async function setFollowUpDone(
  db: Kysely<Database>,
  actor: OperatorActor,
  viewer: NoteViewer,
  id: string,
  request: TFollowUpDoneRequest,
): Promise<TNote> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'notes', id);
    if (row.deleted_at) throw recordNotFound('notes', id);
    await checkRecordVersion(trx, 'notes', row, request.version);
    if (row.follow_up_due_on === null) {
      throw badInput('body.done', 'status', 'This note has no follow-up to mark done or open.');
    }
    const isDone = row.follow_up_done_at !== null;
    if (isDone === request.done) return readNote(trx, id, viewer);
    await updateRecord(
      trx,
      actor,
      'notes',
      row,
      request.done
        ? { follow_up_done_at: sql<Date>`now()`, follow_up_done_by: actor.uid }
        : { follow_up_done_at: null, follow_up_done_by: null },
      { action: request.done ? 'follow-up-done' : 'follow-up-reopened' },
    );
    return readNote(trx, id, viewer);
  });
}
