import { sql, type Kysely } from 'kysely';

/**
 * Issue 6, the e-mail log:
 * - Leases that name their holder: `lease_token` (new at every claim) and `worker_id`. A worker
 *   writes its result only while the token is still its own, so a worker whose lease ran out and
 *   was taken over cannot overwrite the new holder's result.
 * - `delivery_count`: every attempt ever made (numbers the history); `attempts` stays the budget
 *   of the current round (an operator's retry resets it; an unreachable server does not use it).
 * - `email_deliveries`: one row per attempt (claimed → finished with its outcome, the SMTP answer
 *   or error, the provider's message id, accepted and rejected recipients, the worker).
 * - `email_attachments`: files sent with an e-mail (invoice PDFs), in order.
 * - The list's indexes: one per offered sort, each equal to its sort expression with the id
 *   after it (times as integer microseconds, so that cursors carry them exactly); the failed
 *   e-mails newest first (the home screen's link); the days of the creation filter; the words of subject and recipients for `q`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE emails
  ADD COLUMN lease_token text,
  ADD COLUMN worker_id text,
  ADD COLUMN delivery_count integer NOT NULL DEFAULT 0,
  ADD COLUMN last_attempt_at timestamptz;
UPDATE emails SET delivery_count = attempts WHERE attempts > 0;
-- Rows written whole (the demo data's COPY, imports) count their attempts as made.
CREATE FUNCTION emails_count_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.delivery_count := greatest(NEW.delivery_count, NEW.attempts);
  RETURN NEW;
END $$;
CREATE TRIGGER emails_count_attempts BEFORE INSERT ON emails
  FOR EACH ROW EXECUTE FUNCTION emails_count_attempts();

CREATE TABLE email_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  eid text NOT NULL REFERENCES emails (eid) ON DELETE CASCADE,
  attempt integer NOT NULL,
  lease_token text NOT NULL UNIQUE,
  worker_id text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('success', 'temporary-failure', 'permanent-failure', 'lease-expired')),
  smtp_response text,
  error text,
  provider_message_id text,
  accepted text[] NOT NULL DEFAULT '{}',
  rejected text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX email_deliveries_eid_idx ON email_deliveries (eid, attempt);

CREATE TABLE email_attachments (
  eid text NOT NULL REFERENCES emails (eid) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  filename text NOT NULL,
  content_type text NOT NULL,
  content bytea NOT NULL,
  byte_size integer NOT NULL,
  PRIMARY KEY (eid, position)
);

-- A time as integer microseconds (UTC): an exact, never-NULL sort key that a cursor carries.
CREATE FUNCTION email_time_key(at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce((extract(epoch FROM at AT TIME ZONE 'UTC') * 1000000)::bigint, 9000000000000000);

-- The day (UTC) of a time, for the list's date-range filter.
CREATE FUNCTION email_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (at AT TIME ZONE 'UTC')::date;

-- The first recipient, lower case: the list's "to" column and its sort.
CREATE FUNCTION email_first_recipient(addresses text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN lower(coalesce(addresses[1], ''));

-- Words of the subject and of every recipient address ('alice@example.org' → alice example org).
CREATE FUNCTION email_search_terms(subject text, addresses text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN search_terms(coalesce(subject, '') || ' ' || coalesce(array_to_string(addresses, ' '), ''));

CREATE INDEX emails_list_created_idx ON emails ((email_time_key(created_at)), eid);
CREATE INDEX emails_list_failed_idx ON emails ((email_time_key(created_at)), eid)
  WHERE state = 'ERROR';
CREATE INDEX emails_list_state_idx ON emails (state, eid);
CREATE INDEX emails_list_to_idx ON emails ((email_first_recipient(to_addresses)), eid);
CREATE INDEX emails_list_attempts_idx ON emails (delivery_count, eid);
CREATE INDEX emails_list_kind_idx ON emails (kind, eid);
CREATE INDEX emails_list_related_idx ON emails ((coalesce(related_table, '~~')), eid);
CREATE INDEX emails_list_created_day_idx ON emails ((email_day(created_at)), eid);
CREATE INDEX emails_list_search_idx ON emails USING gin (email_search_terms(subject, to_addresses));
-- Superseded by emails_list_created_idx.
DROP INDEX emails_created_idx;

ANALYZE emails;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX emails_created_idx ON emails (created_at DESC);
       DROP INDEX emails_list_created_idx, emails_list_failed_idx, emails_list_state_idx,
                  emails_list_to_idx, emails_list_attempts_idx, emails_list_kind_idx,
                  emails_list_related_idx, emails_list_created_day_idx, emails_list_search_idx;
       DROP FUNCTION email_search_terms(text, text[]), email_first_recipient(text[]),
                     email_day(timestamptz), email_time_key(timestamptz);
       DROP TABLE email_attachments, email_deliveries;
       DROP TRIGGER emails_count_attempts ON emails;
       DROP FUNCTION emails_count_attempts();
       ALTER TABLE emails DROP COLUMN lease_token, DROP COLUMN worker_id,
         DROP COLUMN delivery_count, DROP COLUMN last_attempt_at;`,
    )
    .execute(db);
}
