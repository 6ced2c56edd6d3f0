import { sql, type Kysely } from 'kysely';
import { recordColumns } from './record-columns';

/**
 * Issue 35: a member's owners and admins invite colleagues from the member portal. An invitation
 * names the member, the address and the role, lives 7 days and ends accepted (by a user signed in
 * with that address, who becomes the member's user), declined or withdrawn. It carries no secret:
 * only a session of the invited address can answer it, so the e-mail's link is an ordinary page.
 * One open invitation per member and address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_invitations (
      id text PRIMARY KEY,
      member_mid text NOT NULL REFERENCES members (mid),
      email text NOT NULL CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'staff')),
      invited_by text NOT NULL REFERENCES users (uid),
      expires_at timestamptz NOT NULL,
      answered_at timestamptz,
      answer text CHECK (answer IN ('accepted', 'declined', 'withdrawn')),
      answered_by text REFERENCES users (uid),
      ${sql.raw(recordColumns)},
      CHECK ((answered_at IS NULL) = (answer IS NULL))
    );
    CREATE INDEX member_invitations_member_idx ON member_invitations (member_mid, created_at);
    CREATE UNIQUE INDEX member_invitations_open_key ON member_invitations (member_mid, email)
      WHERE answered_at IS NULL;
    CREATE INDEX member_invitations_email_idx ON member_invitations (email)
      WHERE answered_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS member_invitations`.execute(db);
}
