import type { Language, TPortalMemberRole } from '@ops/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../../../db/audit';
import type { Database, UsersTable } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { PortalMember } from '../member-of-user';

type Trx = Transaction<Database>;

/** A portal user acting for their member: audited as a user (not an operator). */
export function memberUserActor(uid: string): Actor & { uid: string } {
  return { kind: 'user', uid };
}

/** Owners and admins manage colleagues; staff see who is there (issue 35). */
export function requireManager(member: PortalMember): void {
  if (member.role === 'owner' || member.role === 'admin') return;
  throw new AppError(
    'permission-denied',
    "Only the member's owners and administrators manage its colleagues.",
  );
}

/**
 * One of a member's users and where the link lives: `own` for the user's own member
 * (`users.member_mid`, as the console's users area sets it), `group` for a further member of a
 * group's person (`member_user_links`).
 */
export type Colleague = Selectable<UsersTable> & {
  role: TPortalMemberRole;
  link: 'own' | 'group';
};

/**
 * The member's users, locked in the caller's transaction: every change of colleagues takes this
 * lock first (the users' rows, then the group links', both by uid), so two owners removing each
 * other at once run one after the other and the second finds the first's change (one owner
 * always remains). The caller must still be among them.
 */
export async function lockColleagues(
  trx: Trx,
  mid: string,
  callerUid: string,
): Promise<{ colleagues: Colleague[]; caller: Colleague }> {
  const own = await trx
    .selectFrom('users')
    .selectAll()
    .where('member_mid', '=', mid)
    .where('member_role', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('uid')
    .forUpdate()
    .execute();
  const linked = await trx
    .selectFrom('member_user_links as l')
    .innerJoin('users as u', 'u.uid', 'l.uid')
    .selectAll('u')
    .select('l.role as link_role')
    .where('l.member_mid', '=', mid)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.uid')
    .forUpdate()
    .execute();
  const colleagues: Colleague[] = [
    ...own.flatMap((user) =>
      user.member_role ? [{ ...user, role: user.member_role, link: 'own' as const }] : [],
    ),
    ...linked.map(({ link_role, ...user }) => ({
      ...user,
      role: link_role,
      link: 'group' as const,
    })),
  ];
  const caller = colleagues.find((user) => user.uid === callerUid && !user.disabled);
  if (!caller) throw new AppError('not-found', `You are not a user of member ${mid}.`);
  return { colleagues, caller };
}

/** The user's row alone, as the records store writes and audits it. */
export function userRowOf({
  role: _role,
  link: _link,
  ...user
}: Colleague): Selectable<UsersTable> {
  return user;
}

/** Only an owner gives or takes the owner role (an admin manages admins and staff). */
export function requireOwnerFor(caller: Colleague, involvesOwner: boolean): void {
  if (involvesOwner && caller.role !== 'owner') {
    throw new AppError('permission-denied', 'Only an owner gives or takes the owner role.');
  }
}

/** The last owner stays: never removed, never made an admin or staff. */
export function refuseLastOwner(colleagues: Colleague[], target: Colleague, path: string): void {
  const owners = colleagues.filter((user) => user.role === 'owner' && !user.disabled);
  if (target.role === 'owner' && owners.length === 1 && owners[0]?.uid === target.uid) {
    const message = `${target.email} is the member's last owner: make another colleague an owner first.`;
    throw new AppError('aborted', message, { issues: [{ path, rule: 'last-owner', message }] });
  }
}

/** A role as e-mails and the portal write it, in a language. */
export const roleWords: Record<Language, Record<TPortalMemberRole, string>> = {
  en: { owner: 'owner', admin: 'administrator', staff: 'staff member' },
  fr: { owner: 'titulaire', admin: 'administrateur', staff: 'membre du personnel' },
  de: { owner: 'Inhaber', admin: 'Administrator', staff: 'Mitarbeiter' },
  es: { owner: 'titular', admin: 'administrador', staff: 'personal' },
};
