import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: a stored template that cannot be used when an e-mail goes out (it rerouted a link,
 * or broke on a value its examples never had) is replaced by the default wording. The template
 * row remembers the last time and why, so its editor shows it; a save clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_templates
      ADD COLUMN last_fallback_at timestamptz,
      ADD COLUMN last_fallback_reason text
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_templates
      DROP COLUMN IF EXISTS last_fallback_at,
      DROP COLUMN IF EXISTS last_fallback_reason
  `.execute(db);
}
