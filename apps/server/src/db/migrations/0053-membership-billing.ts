import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, how a new member's first year is billed. Until now an approval billed the whole
 * current year whatever the day (approved on 2 December: the year's full fee, due 1 January).
 *
 * - `membership_billing_settings` (one row, as `backup_settings`): the first-year rule
 *   (`full-year`, `next-year-from-cutoff`, `pro-rata-by-month`) and the cut-off month. The
 *   default is the common practice of federations: approved from 1 October, a member is billed
 *   for the next year in full (and is a member for the rest of this one). Versioned and audited
 *   through the records store; on the change feed, so an open approve dialog follows a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE membership_billing_settings (
  id text PRIMARY KEY DEFAULT 'membership-billing' CHECK (id = 'membership-billing'),
  first_year_rule text NOT NULL DEFAULT 'next-year-from-cutoff'
    CHECK (first_year_rule IN ('full-year', 'next-year-from-cutoff', 'pro-rata-by-month')),
  cutoff_month smallint NOT NULL DEFAULT 10 CHECK (cutoff_month BETWEEN 1 AND 12),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_by text
);
INSERT INTO membership_billing_settings (id) VALUES ('membership-billing');
CREATE TRIGGER membership_billing_settings_changes_insert AFTER INSERT ON membership_billing_settings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_changes('id');
CREATE TRIGGER membership_billing_settings_changes_update AFTER UPDATE ON membership_billing_settings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_statement_changes('id');
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE membership_billing_settings`.execute(db);
}
