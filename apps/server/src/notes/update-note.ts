import { noteEditWindowMinutes, type TNote, type ZUpdateNoteRequest } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { OperatorActor } from '../db/audit';
import {
  checkRecordVersion,
  lockRecord,
  recordNotFound,
  updateRecord,
  type RecordChanges,
} from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { mentionedEmails, setNoteMentions } from './note-mentions';
import { requireActiveOperators } from './note-operators';
import { editableUntil, readNote, type NoteViewer } from './note-view';
import { machineTime } from '../lib/clock';

/** The 403 of an edit after the window: the rule in the words the screen shows. */
export const editWindowMessage = `A note can be edited for ${noteEditWindowMinutes} minutes after it was written.`;

/**
 * PATCH /api/notes/:id: the author edits the text, the mentions and the follow-up, within
 * `noteEditWindowMinutes` of writing the note. Anyone else, or the author later, is refused
 * with 403 `permission-denied` (the edit is not theirs to make, whatever they send), and the
 * message says why. A deleted note is a 404; the version the author read is checked (409).
 *
 * Operators newly mentioned, or a new assignee, must be active (400 naming the field); those
 * already on the note stay even if their access ended since. A follow-up whose day or assignee
 * changes is a new task, so it is open again; removing it (`followUp: null`) clears it. An edit
 * that changes nothing writes nothing.
 */
export async function updateNote(
  db: Kysely<Database>,
  actor: OperatorActor,
  viewer: NoteViewer,
  id: string,
  request: z.output<typeof ZUpdateNoteRequest>,
): Promise<TNote> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'notes', id);
    if (row.deleted_at) throw recordNotFound('notes', id);
    if (row.author_uid !== actor.uid) {
      throw new AppError('permission-denied', 'Only its author can edit a note.');
    }
    if (machineTime.nowMs() >= editableUntil(row.created_at).getTime()) {
      throw new AppError('permission-denied', editWindowMessage);
    }
    await checkRecordVersion(trx, 'notes', row, request.version);

    const before = await trx
      .selectFrom('note_mentions')
      .select('uid')
      .where('note_id', '=', id)
      .execute();
    const wasMentioned = new Set(before.map((mention) => mention.uid));
    const added = request.mentions
      .map((uid, index) => ({ uid, index }))
      .filter((mention) => !wasMentioned.has(mention.uid));
    await requireActiveOperators(
      trx,
      added.map((mention) => mention.uid),
      (at) => `body.mentions.${added[at]?.index ?? at}`,
    );

    const followUp = request.followUp;
    const isSameFollowUp =
      followUp !== null &&
      followUp.dueOn === row.follow_up_due_on &&
      followUp.assigneeUid === row.follow_up_assignee_uid;
    if (followUp && followUp.assigneeUid !== row.follow_up_assignee_uid) {
      await requireActiveOperators(trx, [followUp.assigneeUid], () => 'body.followUp.assigneeUid');
    }
    const hasFollowUpChanged = followUp === null ? row.follow_up_due_on !== null : !isSameFollowUp;
    const mentioned = new Set(request.mentions);
    const haveMentionsChanged =
      mentioned.size !== wasMentioned.size || [...mentioned].some((uid) => !wasMentioned.has(uid));
    if (request.body === row.body && !hasFollowUpChanged && !haveMentionsChanged) {
      return readNote(trx, id, viewer);
    }

    const changes: RecordChanges<'notes'> = {
      body: request.body,
      edited_at: sql<Date>`now()`,
    };
    if (hasFollowUpChanged) {
      Object.assign(changes, {
        follow_up_due_on: followUp?.dueOn ?? null,
        follow_up_assignee_uid: followUp?.assigneeUid ?? null,
        follow_up_done_at: null,
        follow_up_done_by: null,
      });
    }
    const mentionsBefore = await mentionedEmails(trx, id);
    await setNoteMentions(trx, row, request.mentions);
    await updateRecord(trx, actor, 'notes', row, changes, {
      action: 'update',
      beforeDetails: { mentions: mentionsBefore },
      details: { mentions: await mentionedEmails(trx, id) },
    });
    return readNote(trx, id, viewer);
  });
}
