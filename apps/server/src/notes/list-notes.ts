import type { TNotesPage, TNotesQuery } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badQuery, decodeCursor, encodeCursor } from '../lists';
import { requireNoteRecord } from './note-record';
import { selectNotes, toNotes, type NoteViewer } from './note-view';

/** The time a cursor carries: `selectNotes`' `created_key`, UTC to the microsecond. */
const cursorTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** A real time of that shape (no 30 February): it reads back as itself to the millisecond. */
function isCursorTime(text: string): boolean {
  if (!cursorTime.test(text)) return false;
  const time = new Date(text);
  return (
    !Number.isNaN(time.getTime()) &&
    time.getUTCFullYear() >= 1 &&
    time.toISOString().slice(0, 23) === text.slice(0, 23)
  );
}

/** A note id as `newId` makes them (the cursor decodes from base64: anything could be inside). */
const cursorId = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /api/notes?table=&recordId=: a record's notes, newest first, deleted ones left out; 404
 * when the record does not exist. Keyset pages on `(created_at, id)` read the partial index
 * `notes_record_idx` in order; the cursor carries the time to the microsecond (as text), so two
 * notes of one millisecond are neither skipped nor repeated.
 */
export async function listNotes(
  db: Kysely<Database>,
  viewer: NoteViewer,
  query: TNotesQuery,
): Promise<TNotesPage> {
  await requireNoteRecord(db, query.table, query.recordId);
  let page = selectNotes(db)
    .where('n.record_table', '=', query.table)
    .where('n.record_id', '=', query.recordId)
    .where('n.deleted_at', 'is', null);
  if (query.cursor) {
    const [createdKey, id] = decodeCursor(query.cursor, 2);
    // A cursor is opaque but travels through the client: a time PostgreSQL cannot read must be
    // a 400 like any other bad cursor, never a failed query.
    if (
      typeof createdKey !== 'string' ||
      !isCursorTime(createdKey) ||
      typeof id !== 'string' ||
      !cursorId.test(id)
    ) {
      throw badQuery('cursor', 'invalid_format', 'the cursor is not one this list gave out');
    }
    page = page.where(sql<boolean>`(n.created_at, n.id) < (${createdKey}::timestamptz, ${id})`);
  }
  const [rows, total] = await Promise.all([
    page
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(query.limit + 1)
      .execute(),
    db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('record_table', '=', query.table)
      .where('record_id', '=', query.recordId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  const hasMore = rows.length > query.limit;
  const shown = hasMore ? rows.slice(0, query.limit) : rows;
  const last = shown.at(-1);
  return {
    data: await toNotes(db, shown, viewer),
    nextCursor: hasMore && last ? encodeCursor([last.created_key, last.id]) : null,
    total: Number(total.n),
  };
}
