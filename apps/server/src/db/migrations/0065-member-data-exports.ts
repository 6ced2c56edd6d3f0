import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

/**
 * Issue 35, "Download our data": a member's data export, asked for by an owner or admin in the
 * portal (or by `npm run ops -- members export-data`), made by a job on the queue. The row is the
 * export's state and progress (documents written of all the archive will hold, at most once a
 * second) and, once ready, the ZIP itself (`content`, in the database so that whichever instance
 * serves the download has it) until `expires_at`, 24 hours after it was ready; the hourly
 * clean-up then drops the bytes and keeps the row (who asked, when, what it held).
 * `member_data_exports_one_active_idx` allows one export in the making per member: a second
 * request while one is queued or running gets that one. On the change feed, so the portal shows
 * the progress live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE member_data_exports (
  id text PRIMARY KEY,
  member_mid text NOT NULL REFERENCES members (mid),
  requested_by text REFERENCES users (uid),
  requested_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'ready', 'failed')),
  done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  job_run_id text,
  ready_at timestamptz,
  expires_at timestamptz,
  size_bytes integer,
  counts jsonb,
  error text,
  content bytea,
  CHECK (state <> 'ready' OR (ready_at IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX member_data_exports_member_idx ON member_data_exports (member_mid, requested_at DESC);
CREATE UNIQUE INDEX member_data_exports_one_active_idx ON member_data_exports (member_mid)
  WHERE state IN ('queued', 'running');
CREATE INDEX member_data_exports_expiry_idx ON member_data_exports (expires_at)
  WHERE content IS NOT NULL;

${changeFeedTriggers([['member_data_exports', 'id']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS member_data_exports`.execute(db);
}
