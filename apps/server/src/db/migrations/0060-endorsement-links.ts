import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: the national association endorses by link. Each request is one row: the link's token
 * only as its sha256 to find it, and sealed with the outbox key (bound to the link's id) so the
 * reminders can send the same link again; the clear token exists only in the e-mails. Valid 30
 * days, with the reminders sent, the answer (decision, reason, letter, who) once given, and when a
 * Resend retired it (`superseded_at`) or staff waived the endorsement (`waived_at`).
 *
 * The application keeps the outcome staff act on: `endorsement_overdue_at` (30 days without an
 * answer: the daily job moved it on to headquarters) and `endorsement_waived_at` (staff decided it
 * needs none); either lets the review start without the endorsement.
 *
 * The audit trail gains the actor `endorsement-link`: the association answering through its link,
 * which is no user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE endorsement_links (
      id text PRIMARY KEY,
      aid text NOT NULL REFERENCES applications (aid),
      association_mid text NOT NULL REFERENCES members (mid),
      token_hash text NOT NULL UNIQUE,
      sealed_token text NOT NULL,
      sent_to text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      reminders_sent integer NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
      last_reminder_at timestamptz,
      answered_at timestamptz,
      decision text CHECK (decision IN ('endorse', 'decline')),
      reason text,
      letter_document_id text,
      answered_by text,
      superseded_at timestamptz,
      waived_at timestamptz,
      waived_reason text,
      CHECK ((answered_at IS NULL) = (decision IS NULL))
    )
  `.execute(db);
  // The console's panel and the Resend read an application's links, newest first.
  await sql`CREATE INDEX endorsement_links_aid_idx ON endorsement_links (aid, created_at DESC)`.execute(
    db,
  );
  // The daily job reads only the links still waiting for an answer, oldest first.
  await sql`
    CREATE INDEX endorsement_links_open_idx ON endorsement_links (created_at)
      WHERE answered_at IS NULL AND superseded_at IS NULL AND waived_at IS NULL
  `.execute(db);
  await sql`
    ALTER TABLE applications
      ADD COLUMN endorsement_overdue_at timestamptz,
      ADD COLUMN endorsement_waived_at timestamptz
  `.execute(db);
  await sql`ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_actor_kind_check`.execute(db);
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
      CHECK (actor_kind IN ('operator', 'user', 'system', 'cli', 'endorsement-link'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_actor_kind_check`.execute(db);
  await sql`
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
      CHECK (actor_kind IN ('operator', 'user', 'system', 'cli'))
  `.execute(db);
  await sql`
    ALTER TABLE applications
      DROP COLUMN IF EXISTS endorsement_overdue_at,
      DROP COLUMN IF EXISTS endorsement_waived_at
  `.execute(db);
  await sql`DROP TABLE IF EXISTS endorsement_links`.execute(db);
}
