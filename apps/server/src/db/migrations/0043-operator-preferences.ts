import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, the operator's own list preferences: the lists' density and the split between a
 * list and the record open beside it. One row per operator, written on the first change; an
 * operator without one has the defaults (`defaultOperatorPreferences` in the contract), so the
 * table needs no row per account and no backfill.
 *
 * - Personal display settings, not business records: no version, no created_by/updated_by, no
 *   audit trail and no change-feed triggers (nobody else sees them, no screen follows them).
 * - The checks repeat the contract's ranges, so that nothing but the API's values is ever kept.
 * - A user removed for good takes their preferences along (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE operator_preferences (
  uid text PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  density text NOT NULL DEFAULT 'comfortable' CHECK (density IN ('comfortable', 'compact')),
  split_percent smallint NOT NULL DEFAULT 50 CHECK (split_percent BETWEEN 25 AND 75),
  is_record_full_width boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE operator_preferences`.execute(db);
}
