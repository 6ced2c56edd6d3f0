import { sql, type Kysely } from 'kysely';

/**
 * Issue 32: a template's plain text is made from its HTML unless an operator chooses to write
 * it separately. Templates saved before had both written out, so they keep `text_separate` true
 * and go out exactly as before; every save from now on says which it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_templates
      ADD COLUMN text_separate boolean NOT NULL DEFAULT true
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE email_templates DROP COLUMN IF EXISTS text_separate`.execute(db);
}
