import type { TNote, ZCreateNoteRequest } from '@ops/contract/notes';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { OperatorActor } from '../db/audit';
import { insertRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { newId } from '../lib/ids';
import { setNoteMentions } from './note-mentions';
import { requireActiveOperators } from './note-operators';
import { requireNoteRecord } from './note-record';
import { readNote, type NoteViewer } from './note-view';

/**
 * POST /api/notes: a note on a member, an application or an invoice that exists (404
 * otherwise), mentioning active operators only (400 `body.mentions.N`), with an optional
 * follow-up assigned to an active operator (400 `body.followUp.assigneeUid`). The body is kept
 * as written. One transaction: the note, its mentions (unread) and the audit entry, which
 * names the mentioned operators beside the row.
 */
export async function createNote(
  db: Kysely<Database>,
  actor: OperatorActor,
  viewer: NoteViewer,
  request: z.output<typeof ZCreateNoteRequest>,
): Promise<TNote> {
  return writeTransaction(db, async (trx) => {
    await requireNoteRecord(trx, request.table, request.recordId);
    const mentioned = await requireActiveOperators(
      trx,
      request.mentions,
      (index) => `body.mentions.${index}`,
    );
    if (request.followUp) {
      await requireActiveOperators(
        trx,
        [request.followUp.assigneeUid],
        () => 'body.followUp.assigneeUid',
      );
    }
    const id = newId();
    const row = await insertRecord(
      trx,
      actor,
      'notes',
      {
        id,
        record_table: request.table,
        record_id: request.recordId,
        body: request.body,
        author_uid: actor.uid,
        follow_up_due_on: request.followUp?.dueOn ?? null,
        follow_up_assignee_uid: request.followUp?.assigneeUid ?? null,
      },
      {
        action: 'create',
        // The mentions are rows of their own: the entry names them beside the note's row.
        details: { mentions: [...mentioned.values()].sort() },
      },
    );
    await setNoteMentions(trx, row, request.mentions);
    return readNote(trx, id, viewer);
  });
}
