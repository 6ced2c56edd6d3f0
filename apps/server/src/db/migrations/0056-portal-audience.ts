import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: the member portal is a second face of the product on its own origin, with its own
 * session. Browsers send cookies by host, not by port (localhost:3000 and localhost:3001 share
 * them), and the two faces use one authentication service and one `sessions` table, so each
 * session and each e-mailed code says which face it was made for: a portal session is never
 * accepted by a console route, a console session by no portal route, and a sign-in link
 * requested on one face signs in only there. Existing rows are the console's.
 *
 * The portal is also where people who have no account yet begin (an applicant): a portal
 * sign-in code may be for an address no user has (`uid` null), and the user is created only when
 * its link is followed, so nothing is stored under an address before it is verified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions
      ADD COLUMN audience text NOT NULL DEFAULT 'console' CHECK (audience IN ('console', 'portal'))
  `.execute(db);
  await sql`
    ALTER TABLE action_codes
      ADD COLUMN audience text NOT NULL DEFAULT 'console' CHECK (audience IN ('console', 'portal')),
      ALTER COLUMN uid DROP NOT NULL,
      ADD CONSTRAINT action_codes_new_person_check
        CHECK (uid IS NOT NULL OR (audience = 'portal' AND kind = 'sign-in'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM action_codes WHERE uid IS NULL`.execute(db);
  await sql`
    ALTER TABLE action_codes
      DROP CONSTRAINT IF EXISTS action_codes_new_person_check,
      ALTER COLUMN uid SET NOT NULL,
      DROP COLUMN IF EXISTS audience
  `.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS audience`.execute(db);
}
