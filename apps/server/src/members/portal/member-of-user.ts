import type { TPortalMemberRole } from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MembersTable } from '../../db/schema';
import { AppError } from '../../errors';

type Db = Kysely<Database> | Transaction<Database>;

/** The member a portal user acts for, with the user's role there. */
export type PortalMember = Selectable<MembersTable> & { role: TPortalMemberRole };

/**
 * The members a signed-in user may act for (issue 35): the one the console's users area links
 * them to, with their role there. A deleted member is nobody's; a terminated or resigned one
 * stays its users' to read (their invoices and certificates are history they may need).
 */
export async function membershipsOfUser(db: Db, uid: string): Promise<PortalMember[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('members as m', 'm.mid', 'u.member_mid')
    .selectAll('m')
    .select('u.member_role as role')
    .where('u.uid', '=', uid)
    .where('u.member_role', 'is not', null)
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .orderBy('m.legal_name')
    .execute();
  return rows.flatMap(({ role, ...member }) => (role ? [{ ...member, role }] : []));
}

/**
 * The member a portal request is about: the one `?member=` names among the user's, else the
 * user's only one. Not theirs, deleted or unknown answer alike (404 naming only the id asked
 * for), so nobody learns which members exist by trying ids.
 */
export async function portalMemberOf(
  db: Db,
  uid: string,
  requestedMid?: string,
): Promise<PortalMember> {
  const memberships = await membershipsOfUser(db, uid);
  if (requestedMid !== undefined) {
    const member = memberships.find((candidate) => candidate.mid === requestedMid);
    if (!member) throw new AppError('not-found', `You are not a user of member ${requestedMid}.`);
    return member;
  }
  const [member] = memberships;
  if (!member) throw new AppError('not-found', 'You are not a user of a member.');
  return member;
}
