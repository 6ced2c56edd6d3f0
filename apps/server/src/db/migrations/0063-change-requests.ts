import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';
import { settingsTable } from './settings-table';

/**
 * Issue 35: members keep their company data from the portal, staff keep control where a change
 * matters.
 *
 * - `members.billing_email`: where invoices and reminders go when the member names one (else the
 *   member's e-mail, as before).
 * - `member_portal_settings` (one row): the company-data fields members change at once, without
 *   review (`direct_fields`, the contract's field names). The default is the issue's: phone,
 *   website, billing e-mail and preferred language.
 * - `member_change_requests`: what a member's owner or admin asks staff to change, or to close
 *   the account (`kind`). `changes` is the list of `{field, from, to}` as the member saw the
 *   record (`member_version`), so staff see what changed since; `applied` what staff wrote in the
 *   end (edited values included). Pending until approved, declined (with a reason the member
 *   sees) or withdrawn by the member. `change_request_documents` holds an attached file's bytes
 *   (a registry extract for a new legal name), apart from the rows the queue reads.
 * - All three on the change feed: the console's queue, its home count and the member's portal
 *   follow a decision without a reload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE members ADD COLUMN billing_email text;

${settingsTable('member_portal_settings', 'member-portal', [
  `direct_fields text[] NOT NULL DEFAULT ARRAY['phone', 'website', 'billingEmail', 'preferredLanguage']`,
])}

CREATE TABLE member_change_requests (
  id text PRIMARY KEY,
  member_mid text NOT NULL REFERENCES members (mid),
  kind text NOT NULL CHECK (kind IN ('company-data', 'close-account')),
  requested_by text NOT NULL REFERENCES users (uid),
  member_version integer NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(changes) = 'array'),
  note text CHECK (char_length(note) <= 2000),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'declined', 'withdrawn')),
  decided_at timestamptz,
  decided_by text REFERENCES users (uid),
  decision_reason text CHECK (char_length(decision_reason) <= 2000),
  applied jsonb,
  document_file_name text,
  document_content_type text,
  document_size_bytes integer,
  ${recordColumns},
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'declined' OR decision_reason IS NOT NULL)
);
-- The queue: newest or oldest first, pending ones on their own (the home's count reads it too).
CREATE INDEX member_change_requests_created_idx ON member_change_requests (created_at, id);
CREATE INDEX member_change_requests_pending_idx ON member_change_requests (created_at, id)
  WHERE status = 'pending';
CREATE INDEX member_change_requests_member_idx ON member_change_requests (member_mid, created_at);
-- One open request of each kind per member: a second one adds to the first, never beside it.
CREATE UNIQUE INDEX member_change_requests_open_key ON member_change_requests (member_mid, kind)
  WHERE status = 'pending';

CREATE TABLE change_request_documents (
  request_id text PRIMARY KEY REFERENCES member_change_requests (id) ON DELETE CASCADE,
  sha256 text NOT NULL,
  content bytea NOT NULL
);

${changeFeedTriggers([
  ['member_change_requests', 'id'],
  ['member_portal_settings', 'id'],
])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS change_request_documents;
    DROP TABLE IF EXISTS member_change_requests;
    DROP TABLE IF EXISTS member_portal_settings;
    ALTER TABLE members DROP COLUMN IF EXISTS billing_email;
  `.execute(db);
}
