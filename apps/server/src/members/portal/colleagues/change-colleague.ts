import type { TPortalColleagues, TPortalMemberRole } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { updateRecord } from '../../../db/records';
import type { Database } from '../../../db/schema';
import { writeTransaction } from '../../../db/transaction';
import { AppError } from '../../../errors';
import type { PortalMember } from '../member-of-user';
import {
  lockColleagues,
  memberUserActor,
  refuseLastOwner,
  requireManager,
  requireOwnerFor,
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
    requireOwnerFor(caller, target.member_role === 'owner' || newRole === 'owner');
    if (newRole === target.member_role) return;
    if (newRole !== 'owner') {
      refuseLastOwner(colleagues, target, 'role' in change ? 'body.role' : 'params.uid');
    }
    await updateRecord(
      trx,
      actor,
      'users',
      target,
      newRole ? { member_role: newRole } : { member_mid: null, member_role: null },
      newRole
        ? { action: 'change-member-role', reason: `Role at ${member.number}: ${newRole}` }
        : { action: 'remove-from-member', reason: `No longer a user of ${member.number}` },
    );
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
  const after = await db
    .selectFrom('users')
    .select('member_role')
    .where('uid', '=', callerUid)
    .where('member_mid', '=', member.mid)
    .executeTakeFirst();
  // Who removed themselves sees nothing more of the member.
  if (!after?.member_role) return { colleagues: [], invitations: [], canManage: false };
  return listColleagues(db, { ...member, role: after.member_role }, callerUid);
}
