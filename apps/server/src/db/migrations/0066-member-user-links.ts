import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

/**
 * Issue 35, groups: one person who keeps the accounts of several members (the companies of a
 * group, a forwarder and its customs broker). A user's own member stays `users.member_mid` with
 * `member_role`, as the console's users area sets it; each further member is a row here, with the
 * user's role there, made when they accept an invitation from that member's owners or admins, and
 * ended when those remove them. A link never repeats the user's own member (the invitation's
 * answer checks it). `member_user_links_member_idx` lists a member's linked colleagues.
 * `sessions.portal_member_mid` is the member a portal session last switched to, so that every
 * route, PDF link and the live stream answer for it without a parameter (`?member=` still wins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE member_user_links (
  uid text NOT NULL REFERENCES users (uid),
  member_mid text NOT NULL REFERENCES members (mid),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  PRIMARY KEY (uid, member_mid)
);
CREATE INDEX member_user_links_member_idx ON member_user_links (member_mid, uid);

ALTER TABLE sessions ADD COLUMN portal_member_mid text;

${changeFeedTriggers([['member_user_links', 'uid']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN IF EXISTS portal_member_mid`.execute(db);
  await sql`DROP TABLE IF EXISTS member_user_links`.execute(db);
}
