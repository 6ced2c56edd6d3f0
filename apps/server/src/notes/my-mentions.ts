import type { TMyMentions } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { selectNotes, toNotes, type NoteViewer } from './note-view';

/** The most mentions the home card lists (the unread count covers them all). */
const shownMentions = 20;

/**
 * GET /api/mentions/mine: the notes that mention the caller, newest first, each with when the
 * caller marked it read, and how many are unread. Deleted notes are left out of both. The
 * mentions' own indexes serve it: (uid, note time) for the newest, the unread ones apart.
 */
export async function myMentions(db: Kysely<Database>, viewer: NoteViewer): Promise<TMyMentions> {
  const [rows, unread] = await Promise.all([
    selectNotes(db)
      .innerJoin('note_mentions as m', 'm.note_id', 'n.id')
      .select('m.read_at')
      .where('m.uid', '=', viewer.uid)
      .where('n.deleted_at', 'is', null)
      .orderBy('m.note_created_at', 'desc')
      .orderBy('m.note_id', 'desc')
      .limit(shownMentions)
      .execute(),
    db
      .selectFrom('note_mentions as m')
      .innerJoin('notes as n', 'n.id', 'm.note_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('m.uid', '=', viewer.uid)
      .where('m.read_at', 'is', null)
      .where('n.deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const notes = await toNotes(db, rows, viewer);
  return {
    data: notes.map((note, index) => {
      const readAt = rows[index]?.read_at;
      return { note, readAt: readAt ? new Date(readAt).toISOString() : null };
    }),
    unread: Number(unread.n),
  };
}
