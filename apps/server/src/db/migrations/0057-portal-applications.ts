import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: applications arrive by themselves, through the member portal. Each says where it came
 * from (`online`, from the portal; `imported`, everything before: the demo data, the legacy
 * system), and the portal finds a person's own applications by their user (an index, newest
 * first), never by scanning the queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      ADD COLUMN source text NOT NULL DEFAULT 'imported' CHECK (source IN ('online', 'imported'))
  `.execute(db);
  await sql`
    CREATE INDEX applications_applicant_idx ON applications (submitted_by_uid, created_at DESC)
      WHERE deleted_at IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS applications_applicant_idx`.execute(db);
  await sql`ALTER TABLE applications DROP COLUMN IF EXISTS source`.execute(db);
}
