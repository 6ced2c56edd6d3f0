import type { TMyFollowUps } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { selectNotes, toNotes, type NoteViewer } from './note-view';

/** The most follow-ups the home card lists (its counts cover them all). */
const shownFollowUps = 50;

/**
 * GET /api/follow-ups/mine: the open follow-ups assigned to the caller (not done, the note not
 * deleted), overdue first, then by due day. Overdue means due before today at headquarters, so
 * the earliest days first is that order already, and the partial index
 * `notes_open_follow_ups_idx` (assignee, due day, id) reads it without sorting.
 */
export async function myFollowUps(db: Kysely<Database>, viewer: NoteViewer): Promise<TMyFollowUps> {
  const today = todayAtHeadquarters();
  const [rows, counts] = await Promise.all([
    selectNotes(db)
      .where('n.follow_up_assignee_uid', '=', viewer.uid)
      .where('n.follow_up_due_on', 'is not', null)
      .where('n.follow_up_done_at', 'is', null)
      .where('n.deleted_at', 'is', null)
      .orderBy('n.follow_up_due_on')
      .orderBy('n.id')
      .limit(shownFollowUps)
      .execute(),
    db
      .selectFrom('notes')
      .select([
        sql<string>`count(*)`.as('open'),
        sql<string>`count(*) FILTER (WHERE follow_up_due_on < ${today}::date)`.as('overdue'),
      ])
      .where('follow_up_assignee_uid', '=', viewer.uid)
      .where('follow_up_due_on', 'is not', null)
      .where('follow_up_done_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: await toNotes(db, rows, viewer),
    open: Number(counts.open),
    overdue: Number(counts.overdue),
  };
}
