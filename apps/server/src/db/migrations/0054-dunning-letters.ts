import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, dunning's postal letters: a postal reminder (a notice with channel 'postal') needs a
 * letter until an operator confirms it was posted, which records when and by whom (null: the
 * CLI; the audit entry names the actor either way).
 *
 * The partial index holds only the postal notices still to post: few at any time (they are
 * posted within days), so the invoices list's "Needs a letter" filter and the letters' selection
 * read a handful of entries, never the notices of every run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE dunning_notices
      ADD COLUMN letter_posted_at timestamptz,
      ADD COLUMN letter_posted_by text,
      ADD CONSTRAINT dunning_notices_letter_postal_check
        CHECK (letter_posted_at IS NULL OR channel = 'postal')
  `.execute(db);
  await sql`
    CREATE INDEX dunning_notices_letter_needed_idx ON dunning_notices (invoice_iid)
      INCLUDE (level, member_mid, created_at)
      WHERE channel = 'postal' AND letter_posted_at IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS dunning_notices_letter_needed_idx`.execute(db);
  await sql`
    ALTER TABLE dunning_notices
      DROP CONSTRAINT IF EXISTS dunning_notices_letter_postal_check,
      DROP COLUMN IF EXISTS letter_posted_at,
      DROP COLUMN IF EXISTS letter_posted_by
  `.execute(db);
}
