import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/**
 * Issue 19, notes and follow-ups: plain-text notes on members, applications and invoices, the
 * operators they mention, and the follow-up a note may carry (a due day and an assignee).
 *
 * - `notes` is a versioned record (written through the records store, so every create, edit,
 *   deletion and follow-up done is an audit entry of table `notes`). `record_table`/`record_id`
 *   name the record it is on: one of three tables, so no foreign key; the service checks the
 *   record exists. Deletion is soft (`deleted_at`/`deleted_by`): the note leaves every screen,
 *   its text stays in the row and the audit trail.
 * - `note_mentions` holds one row per mentioned operator with their own read mark.
 *   `note_created_at` copies the note's time, so "my mentions, newest first" reads one index
 *   instead of joining every note of the operator before sorting.
 * - Indexes: a record's notes newest first `(record_table, record_id, created_at DESC, id DESC)`
 *   without deleted ones (the keyset page of the Notes tab); open follow-ups of an assignee by
 *   due day `(follow_up_assignee_uid, follow_up_due_on, id)` (the home card, overdue first is
 *   simply the earliest days); mentions of an operator newest first, and the unread ones (the
 *   count on the home screen).
 * - The change feed (0004's `notify_statement_changes`): `notes` announces the **record it is
 *   on** (`record_id`), so an open record refreshes its Notes tab and nothing else does;
 *   `note_mentions` announces the mentioned operator's `uid`, so a home screen refreshes its
 *   mentions only when they are its own. Any change of either table may refresh the follow-up
 *   and activity screens (they refetch by table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE notes (
  id text PRIMARY KEY,
  record_table text NOT NULL CHECK (record_table IN ('members', 'applications', 'invoices')),
  record_id text NOT NULL,
  body text NOT NULL CHECK (length(btrim(body)) > 0),
  author_uid text NOT NULL REFERENCES users (uid),
  edited_at timestamptz,
  follow_up_due_on date,
  follow_up_assignee_uid text REFERENCES users (uid),
  follow_up_done_at timestamptz,
  follow_up_done_by text REFERENCES users (uid),
  deleted_at timestamptz,
  deleted_by text REFERENCES users (uid),
  ${recordColumns},
  -- A follow-up is a due day and an assignee together; done only when there is one.
  CHECK ((follow_up_due_on IS NULL) = (follow_up_assignee_uid IS NULL)),
  CHECK (follow_up_done_at IS NULL OR follow_up_due_on IS NOT NULL),
  CHECK ((follow_up_done_at IS NULL) = (follow_up_done_by IS NULL)),
  CHECK ((deleted_at IS NULL) = (deleted_by IS NULL))
);

CREATE INDEX notes_record_idx ON notes (record_table, record_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX notes_open_follow_ups_idx ON notes (follow_up_assignee_uid, follow_up_due_on, id)
  WHERE follow_up_due_on IS NOT NULL AND follow_up_done_at IS NULL AND deleted_at IS NULL;

CREATE TABLE note_mentions (
  note_id text NOT NULL REFERENCES notes (id),
  uid text NOT NULL REFERENCES users (uid),
  note_created_at timestamptz NOT NULL,
  read_at timestamptz,
  PRIMARY KEY (note_id, uid)
);

CREATE INDEX note_mentions_newest_idx ON note_mentions (uid, note_created_at DESC, note_id DESC);
CREATE INDEX note_mentions_unread_idx ON note_mentions (uid, read_at) WHERE read_at IS NULL;

${changeFeedTriggers([['notes', 'record_id']])}
${changeFeedTriggers([['note_mentions', 'uid']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE note_mentions, notes;').execute(db);
}
