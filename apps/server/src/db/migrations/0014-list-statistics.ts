import { sql, type Kysely } from 'kysely';

/**
 * What the planner needs to choose well between walking a list's sort order and reading its
 * filter first (measured at 100,000 members, `bench/src/benchmarks/lists.ts`):
 * - Statistics on the filter expressions of lists. PostgreSQL ignores the statistics of partial
 *   expression indexes, so without these a filter such as "signed in during 2025" was guessed at
 *   0.5 % of the users (really 47 %) and answered by sorting 62,000 rows.
 * - One flag per sign-in method (generated columns with a partial index each): an array overlap
 *   is estimated blindly, so a method nobody uses yet had the users list walk all 130,000 users
 *   by e-mail to find none.
 * - A search index of the applications' documents alone: the applications list's search read
 *   the words of a million documents to keep 5,000.
 * - The first plain indexes on members' status and country go: the list's partial indexes on
 *   the same columns (migration 0005) answer every query, and each index costs every write.
 * - The member fixes' VAT index keyed on members with a VAT number, rather than on its key
 *   being present: the key was computed twice for every member written (a 100,000-row CSV
 *   upload spent half a second on it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE STATISTICS users_last_sign_in_day_stats
  ON ((last_sign_in_at AT TIME ZONE 'UTC')::date) FROM users;
CREATE STATISTICS users_disabled_text_stats ON ((disabled::text)) FROM users;
CREATE STATISTICS applications_submitted_day_stats
  ON (application_submitted_day(submitted_at)) FROM applications;

ALTER TABLE users
  ADD COLUMN has_password_sign_in boolean
    GENERATED ALWAYS AS ('password' = ANY (sign_in_methods)) STORED,
  ADD COLUMN has_email_link_sign_in boolean
    GENERATED ALWAYS AS ('emailLink' = ANY (sign_in_methods)) STORED,
  ADD COLUMN has_microsoft_sign_in boolean
    GENERATED ALWAYS AS ('microsoft' = ANY (sign_in_methods)) STORED;
CREATE INDEX users_list_password_sign_in_idx ON users (email, uid)
  WHERE deleted_at IS NULL AND has_password_sign_in;
CREATE INDEX users_list_email_link_sign_in_idx ON users (email, uid)
  WHERE deleted_at IS NULL AND has_email_link_sign_in;
CREATE INDEX users_list_microsoft_sign_in_idx ON users (email, uid)
  WHERE deleted_at IS NULL AND has_microsoft_sign_in;

CREATE INDEX search_documents_application_terms_idx ON search_documents USING gin (all_terms)
  WHERE type = 'application';

DROP INDEX members_fix_vat_idx;
CREATE INDEX members_fix_vat_idx ON members (member_vat_key(vat_number), mid) INCLUDE (vat_number)
  WHERE deleted_at IS NULL AND vat_number IS NOT NULL;
DROP INDEX members_status_idx, members_country_idx;

ANALYZE users, applications;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX members_status_idx ON members (status);
       CREATE INDEX members_country_idx ON members (country_iso2);
       DROP INDEX members_fix_vat_idx;
       CREATE INDEX members_fix_vat_idx ON members (member_vat_key(vat_number), mid)
         INCLUDE (vat_number) WHERE deleted_at IS NULL AND member_vat_key(vat_number) IS NOT NULL;
       DROP INDEX search_documents_application_terms_idx;
       ALTER TABLE users DROP COLUMN has_password_sign_in, DROP COLUMN has_email_link_sign_in,
         DROP COLUMN has_microsoft_sign_in;
       DROP STATISTICS users_last_sign_in_day_stats, users_disabled_text_stats,
         applications_submitted_day_stats;`,
    )
    .execute(db);
}
