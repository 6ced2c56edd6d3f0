import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Trx = Transaction<Database>;

/**
 * Makes the note mention exactly these operators: a newly mentioned one gets an unread mention,
 * one mentioned already keeps their read mark, one no longer mentioned loses the mention.
 */
export async function setNoteMentions(
  trx: Trx,
  note: { id: string; created_at: Date },
  uids: readonly string[],
): Promise<void> {
  const wanted = [...new Set(uids)];
  let removal = trx.deleteFrom('note_mentions').where('note_id', '=', note.id);
  if (wanted.length > 0) removal = removal.where('uid', 'not in', wanted);
  await removal.execute();
  if (wanted.length === 0) return;
  await trx
    .insertInto('note_mentions')
    .values(wanted.map((uid) => ({ note_id: note.id, uid, note_created_at: note.created_at })))
    .onConflict((conflict) => conflict.columns(['note_id', 'uid']).doNothing())
    .execute();
}

/**
 * The e-mails of the operators a note mentions, sorted: what its audit entries keep beside the
 * row (the mentions are rows of their own, so the note's row alone would not show them).
 */
export async function mentionedEmails(trx: Trx, noteId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('note_mentions as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .select('u.email')
    .where('m.note_id', '=', noteId)
    .orderBy('u.email')
    .execute();
  return rows.map((row) => row.email);
}
