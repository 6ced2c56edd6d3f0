import type { TPortalColleagues, TPortalMemberRole } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit, type Actor } from '../../../db/audit';
import { updateRecord } from '../../../db/records';
import type { Database } from '../../../db/schema';
import { writeTransaction } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { membershipsOfUser, type PortalMember } from '../member-of-user';
import {
  type Colleague,
  lockColleagues,
  memberUserActor,
  refuseLastOwner,
  requireManager,
  requireOwnerFor,
  userRowOf,
} from './colleague-rules';
import { listColleagues } from './list-colleagues';

type Change = { role: TPortalMemberRole } | { remove: true };

/**
 * `PATCH /api/colleagues/{uid}` (a new role) and `DELETE /api/colleagues/{uid}` (no longer the
 * member's user): by an owner or admin, the owner role only by an owner, never the last owner.
 * Written through the records store on the user, so the console's users area shows who changed
 * what. A removed colleague's portal sessions end in the same transaction.
 */
export async function changeColleague(
  db: Kysely<Database>,
  member: PortalMember,
  callerUid: string,
  targetUid: string,
  change: Change,
): Promise<TPortalColleagues> {
  requireManager(member);
  const actor = memberUserActor(callerUid);
  await writeTransaction(db, async (trx) => {
    const { colleagues, caller } = await lockColleagues(trx, member.mid, callerUid);
    const target = colleagues.find((user) => user.uid === targetUid);
    if (!target) {
      throw new AppError('not-found', `${member.legal_name} has no colleague ${targetUid}.`);
    }
    const newRole = 'role' in change ? change.role : null;
    requireOwnerFor(caller, target.role === 'owner' || newRole === 'owner');
    if (newRole === target.role) return;
    if (newRole !== 'owner') {
      refuseLastOwner(colleagues, target, 'role' in change ? 'body.role' : 'params.uid');
    }
    const audit = newRole
      ? { action: 'change-member-role', reason: `Role at ${member.number}: ${newRole}` }
      : { action: 'remove-from-member', reason: `No longer a user of ${member.number}` };
    if (target.link === 'own') {
      await updateRecord(
        trx,
        actor,
        'users',
        userRowOf(target),
        newRole ? { member_role: newRole } : { member_mid: null, member_role: null },
        audit,
      );
    } else {
      await writeGroupLink(trx, actor, target, member, newRole, audit);
    }
    if (!newRole) {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('uid', '=', target.uid)
        .where('audience', '=', 'portal')
        .where('revoked_at', 'is', null)
        .execute();
    }
  });
  const after = (await membershipsOfUser(db, callerUid)).find(
    (membership) => membership.mid === member.mid,
  );
  // Who removed themselves sees nothing more of the member.
  if (!after) return { colleagues: [], invitations: [], canManage: false };
  return listColleagues(db, after, callerUid);
}

/**
 * A group's person's link to this member (not their own member): a new role, or the link
 * ended. Audited on the user, as the console's users area shows their history.
 */
async function writeGroupLink(
  trx: Transaction<Database>,
  actor: Actor,
  target: Colleague,
  member: PortalMember,
  newRole: TPortalMemberRole | null,
  audit: { action: string; reason: string },
): Promise<void> {
  if (newRole) {
    await trx
      .updateTable('member_user_links')
      .set({ role: newRole })
      .where('uid', '=', target.uid)
      .where('member_mid', '=', member.mid)
      .execute();
  } else {
    await trx
      .deleteFrom('member_user_links')
      .where('uid', '=', target.uid)
      .where('member_mid', '=', member.mid)
      .execute();
  }
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: target.uid,
    action: audit.action,
    before: { group_member: member.number, group_role: target.role },
    after: {
      group_member: newRole ? member.number : null,
      group_role: newRole,
      _reason: audit.reason,
    },
  });
}
