import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: the member portal is a second face of the product on its own origin, with its own
 * session. Browsers send cookies by host, not by port (localhost:3000 and localhost:3001 share
 * them), and the two faces use one authentication service and one `sessions` table, so each
 * session and each e-mailed code says which face it was made for: a portal session is never
 * accepted by a console route, a console session by no portal route, and a sign-in link
 * requested on one face signs in only there. Existing rows are the console's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions
      ADD COLUMN audience text NOT NULL DEFAULT 'console' CHECK (audience IN ('console', 'portal'))
  `.execute(db);
  await sql`
    ALTER TABLE action_codes
      ADD COLUMN audience text NOT NULL DEFAULT 'console' CHECK (audience IN ('console', 'portal'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE action_codes DROP COLUMN IF EXISTS audience`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS audience`.execute(db);
}
