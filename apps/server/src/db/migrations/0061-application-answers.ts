import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: the applicant answers staff's request for information from the member portal. The
 * application keeps the latest answer and when it was given; every answer (an application may
 * be asked more than once) stays in its audit trail, by the applicant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      ADD COLUMN applicant_answer text CHECK (length(applicant_answer) <= 4000),
      ADD COLUMN applicant_answered_at timestamptz,
      ADD CONSTRAINT applications_applicant_answered_check
        CHECK ((applicant_answer IS NULL) = (applicant_answered_at IS NULL))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE applications
      DROP CONSTRAINT IF EXISTS applications_applicant_answered_check,
      DROP COLUMN IF EXISTS applicant_answer,
      DROP COLUMN IF EXISTS applicant_answered_at
  `.execute(db);
}
