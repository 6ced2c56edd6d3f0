import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: a sign-in link printed to the server's terminal (the first start's banner,
 * `npm run ops -- sign-in-link`) names its e-mail, so the browser it is opened in signs in
 * without asking. An e-mailed link must not: anyone could append `&email=<own address>` to
 * their own link and send it to a colleague, who would then sign into that account without
 * noticing (login CSRF; spec §4's prompt is there to stop it). The code itself records where
 * it went, and the server takes an e-mail "from the link" only for a code given to the terminal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE action_codes
      ADD COLUMN issued_to text NOT NULL DEFAULT 'email'
        CHECK (issued_to IN ('email', 'terminal'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE action_codes DROP COLUMN IF EXISTS issued_to`.execute(db);
}
