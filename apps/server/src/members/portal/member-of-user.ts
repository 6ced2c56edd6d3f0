import type { TPortalMemberRole } from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MembersTable } from '../../db/schema';
import { AppError } from '../../errors';

type Db = Kysely<Database> | Transaction<Database>;

/** The member a portal user acts for, with the user's role there. */
export type PortalMember = Selectable<MembersTable> & { role: TPortalMemberRole };

/**
 * The members a signed-in user may act for (issue 35): their own, as the console's users area
 * links them, and the further members of a group (`member_user_links`, joined by invitation),
 * each with the user's role there, by name. This is the one place that says whose records a
 * portal user reaches. A deleted member is nobody's; a terminated or resigned one stays its
 * users' to read (their invoices and certificates are history they may need).
 */
export async function membershipsOfUser(db: Db, uid: string): Promise<PortalMember[]> {
  const own = db
    .selectFrom('users as u')
    .innerJoin('members as m', 'm.mid', 'u.member_mid')
    .selectAll('m')
    .select('u.member_role as role')
    .where('u.uid', '=', uid)
    .where('u.member_role', 'is not', null)
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null);
  const linked = db
    .selectFrom('member_user_links as l')
    .innerJoin('users as u', 'u.uid', 'l.uid')
    .innerJoin('members as m', 'm.mid', 'l.member_mid')
    .selectAll('m')
    .select('l.role as role')
    .where('l.uid', '=', uid)
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null);
  const rows = await own.unionAll(linked).execute();
  return rows
    .flatMap(({ role, ...member }) => (role ? [{ ...member, role }] : []))
    .sort((a, b) => a.legal_name.localeCompare(b.legal_name) || a.mid.localeCompare(b.mid));
}

/**
 * The member a portal request is about: the one `?member=` names among the user's, else the one
 * the session last switched to (`sessions.portal_member_mid`, a group's person), else the user's
 * first. Not theirs, deleted or unknown answer alike (404 naming only the id asked for), so nobody
 * learns which members exist by trying ids.
 */
export async function portalMemberOf(
  db: Db,
  uid: string,
  requestedMid?: string,
  sessionTokenHash?: string,
): Promise<PortalMember> {
  const memberships = await membershipsOfUser(db, uid);
  if (requestedMid !== undefined) {
    const member = memberships.find((candidate) => candidate.mid === requestedMid);
    if (!member) throw new AppError('not-found', `You are not a user of member ${requestedMid}.`);
    return member;
  }
  if (memberships.length > 1 && sessionTokenHash !== undefined) {
    const session = await db
      .selectFrom('sessions')
      .select('portal_member_mid')
      .where('token_hash', '=', sessionTokenHash)
      .executeTakeFirst();
    const chosen = memberships.find((candidate) => candidate.mid === session?.portal_member_mid);
    if (chosen) return chosen;
  }
  const [member] = memberships;
  if (!member) throw new AppError('not-found', 'You are not a user of a member.');
  return member;
}

/**
 * `PUT /api/membership/current {mid}`: the member this portal session acts for from now on
 * (every route, PDF link and the live stream), one of the user's; another is a 404.
 */
export async function switchPortalMember(
  db: Kysely<Database>,
  uid: string,
  sessionTokenHash: string,
  mid: string,
): Promise<PortalMember> {
  const member = await portalMemberOf(db, uid, mid);
  await db
    .updateTable('sessions')
    .set({ portal_member_mid: member.mid })
    .where('token_hash', '=', sessionTokenHash)
    .where('uid', '=', uid)
    .execute();
  return member;
}
