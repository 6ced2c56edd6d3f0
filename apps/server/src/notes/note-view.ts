import { can, type OperatorRole } from '@ops/contract';
import { noteEditWindowMinutes, type TNote, type TNoteOperator } from '@ops/contract/notes';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, NotesTable } from '../db/schema';
import { requireSession } from '../http/access';
import { todayAtHeadquarters } from '../lib/dates';
import { machineTime } from '../lib/clock';

type Db = Kysely<Database> | Transaction<Database>;

/** Who reads the notes: `canEdit` and `canDelete` are the caller's. */
export type NoteViewer = { uid: string; roles: readonly OperatorRole[] };

/** The signed-in operator of a request, as the notes see them. */
export function noteViewer(request: FastifyRequest): NoteViewer {
  const session = requireSession(request);
  return { uid: session.user.uid, roles: session.roles };
}

/** A note row with its record's label and the operators it names (author, assignee, done by). */
export type NoteRow = Selectable<NotesTable> & {
  /** The note's time to the microsecond, for a keyset cursor (a Date keeps milliseconds). */
  created_key: string;
  record_label: string | null;
  author_email: string;
  author_name: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  done_by_email: string | null;
  done_by_name: string | null;
};

/**
 * How a note names its record: "Acme Logistics (M-001234)", "Forwarding Ltd (A-000042)",
 * "Invoice 2026-000042". Null when the record is gone (the note then shows its id).
 */
const recordLabelSql = sql<string | null>`CASE n.record_table
  WHEN 'members' THEN (SELECT r.legal_name || ' (' || r.number || ')' FROM members r
                        WHERE r.mid = n.record_id)
  WHEN 'applications' THEN (SELECT r.legal_name || ' (' || r.number || ')' FROM applications r
                             WHERE r.aid = n.record_id)
  WHEN 'invoices' THEN (SELECT 'Invoice ' || r.number FROM invoices r WHERE r.iid = n.record_id)
  END`;

/** Notes (alias `n`) with everything a `TNote` shows but their mentions (`toNotes` adds those). */
export function selectNotes(db: Db) {
  return db
    .selectFrom('notes as n')
    .innerJoin('users as author', 'author.uid', 'n.author_uid')
    .leftJoin('users as assignee', 'assignee.uid', 'n.follow_up_assignee_uid')
    .leftJoin('users as done_by', 'done_by.uid', 'n.follow_up_done_by')
    .selectAll('n')
    .select([
      sql<string>`to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'created_key',
      ),
      recordLabelSql.as('record_label'),
      'author.email as author_email',
      'author.display_name as author_name',
      'assignee.email as assignee_email',
      'assignee.display_name as assignee_name',
      'done_by.email as done_by_email',
      'done_by.display_name as done_by_name',
    ]);
}

function operatorOf(uid: string, email: string | null, name: string | null): TNoteOperator {
  return { uid, email: email ?? '', displayName: name };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The end of the note's edit window (`noteEditWindowMinutes` after it was written). */
export function editableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + noteEditWindowMinutes * 60_000);
}

/** The operators each note mentions, by note id, in one query. */
async function mentionsOf(db: Db, noteIds: readonly string[]) {
  const byNote = new Map<string, TNoteOperator[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .selectFrom('note_mentions as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .select(['m.note_id', 'u.uid', 'u.email', 'u.display_name'])
    .where('m.note_id', 'in', [...noteIds])
    .orderBy(sql`lower(coalesce(u.display_name, u.email))`)
    .orderBy('u.uid')
    .execute();
  for (const row of rows) {
    const list = byNote.get(row.note_id) ?? [];
    list.push(operatorOf(row.uid, row.email, row.display_name));
    byNote.set(row.note_id, list);
  }
  return byNote;
}

/** Rows of `selectNotes` as the API shows them, in their order, for this viewer. */
export async function toNotes(
  db: Db,
  rows: readonly NoteRow[],
  viewer: NoteViewer,
): Promise<TNote[]> {
  const mentions = await mentionsOf(
    db,
    rows.map((row) => row.id),
  );
  const now = machineTime.nowMs();
  const today = todayAtHeadquarters();
  const mayWrite = can(viewer.roles, 'notes.write');
  const mayDelete = can(viewer.roles, 'notes.delete');
  return rows.map((row) => {
    const until = editableUntil(row.created_at);
    const followUp =
      row.follow_up_due_on && row.follow_up_assignee_uid
        ? {
            dueOn: row.follow_up_due_on,
            assignee: operatorOf(row.follow_up_assignee_uid, row.assignee_email, row.assignee_name),
            isOverdue: row.follow_up_done_at === null && row.follow_up_due_on < today,
            doneAt: row.follow_up_done_at ? iso(row.follow_up_done_at) : null,
            doneBy: row.follow_up_done_by
              ? operatorOf(row.follow_up_done_by, row.done_by_email, row.done_by_name)
              : null,
          }
        : null;
    return {
      id: row.id,
      record: {
        table: row.record_table,
        id: row.record_id,
        label: row.record_label ?? `${row.record_table} ${row.record_id}`,
      },
      body: row.body,
      mentions: mentions.get(row.id) ?? [],
      author: operatorOf(row.author_uid, row.author_email, row.author_name),
      createdAt: iso(row.created_at),
      editedAt: row.edited_at ? iso(row.edited_at) : null,
      editableUntil: until.toISOString(),
      canEdit:
        mayWrite &&
        row.deleted_at === null &&
        row.author_uid === viewer.uid &&
        now < until.getTime(),
      canDelete: mayDelete && row.deleted_at === null,
      followUp,
      version: row.version,
    };
  });
}

/** One note as the API shows it (deleted ones too: the answer of the write that deleted it). */
export async function readNote(db: Db, id: string, viewer: NoteViewer): Promise<TNote> {
  const row = await selectNotes(db).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw new Error(`The note ${id} vanished within its transaction`);
  const [note] = await toNotes(db, [row], viewer);
  if (!note) throw new Error(`The note ${id} could not be shown`);
  return note;
}
