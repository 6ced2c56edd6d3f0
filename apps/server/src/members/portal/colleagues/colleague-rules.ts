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
 * The member's users, locked in the caller's transaction: every change of colleagues takes this
 * lock first, so two owners removing each other at once run one after the other and the second
 * finds the first's change (one owner always remains). The caller must still be among them.
 */
export async function lockColleagues(
  trx: Trx,
  mid: string,
  callerUid: string,
): Promise<{ colleagues: Selectable<UsersTable>[]; caller: Selectable<UsersTable> }> {
  const colleagues = await trx
    .selectFrom('users')
    .selectAll()
    .where('member_mid', '=', mid)
    .where('member_role', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('uid')
    .forUpdate()
    .execute();
  const caller = colleagues.find((user) => user.uid === callerUid && !user.disabled);
  if (!caller) throw new AppError('not-found', `You are not a user of member ${mid}.`);
  return { colleagues, caller };
}

/** Only an owner gives or takes the owner role (an admin manages admins and staff). */
export function requireOwnerFor(caller: Selectable<UsersTable>, involvesOwner: boolean): void {
  if (involvesOwner && caller.member_role !== 'owner') {
    throw new AppError('permission-denied', 'Only an owner gives or takes the owner role.');
  }
}

/** The last owner stays: never removed, never made an admin or staff. */
export function refuseLastOwner(
  colleagues: Selectable<UsersTable>[],
  target: Selectable<UsersTable>,
  path: string,
): void {
  const owners = colleagues.filter((user) => user.member_role === 'owner' && !user.disabled);
  if (target.member_role === 'owner' && owners.length === 1 && owners[0]?.uid === target.uid) {
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
