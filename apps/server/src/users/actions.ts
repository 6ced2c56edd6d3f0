import type { TUpdateUserRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import { checkRecordVersion, type RecordChanges } from '../db/records';
import type { Database, User } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { revokeUserSessions } from '../auth';
import { badInput } from '../errors';
import { lockActiveAdmins } from '../operators';
import {
  disableRefusal,
  lockLiveUser,
  requireMayActOn,
  writeUser,
  type UserManager,
} from './user-writes';

export type { UserManager } from './user-writes';

/**
 * Edits a user's display name and their member and role there. A user of a member has a role
 * at it; a user of no member has none.
 */
export function updateUser(
  db: Kysely<Database>,
  actor: UserManager,
  uid: string,
  request: TUpdateUserRequest,
): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const user = await lockLiveUser(trx, uid);
    await requireMayActOn(trx, actor, user);
    await checkRecordVersion(trx, 'users', user, request.version);

    const changes: RecordChanges<'users'> = {};
    if (request.displayName !== undefined) {
      changes.display_name = request.displayName?.trim() || null;
    }
    const memberMid =
      request.memberMid === undefined ? user.member_mid : request.memberMid?.trim() || null;
    if (memberMid !== user.member_mid) {
      if (memberMid) {
        const member = await trx
          .selectFrom('members')
          .select(['mid', 'deleted_at'])
          .where('mid', '=', memberMid)
          .executeTakeFirst();
        if (!member || member.deleted_at) {
          throw badInput('body.memberMid', 'exists', `No member has the id ${memberMid}.`);
        }
      }
      changes.member_mid = memberMid;
    }
    // Leaving a member ends the role there unless a new one is given with a new member.
    let memberRole = request.memberRole === undefined ? user.member_role : request.memberRole;
    if (!memberMid && request.memberRole === undefined) memberRole = null;
    if (memberMid && !memberRole) {
      throw badInput(
        'body.memberRole',
        'required',
        'Choose the role at the member (owner, admin or staff).',
      );
    }
    if (!memberMid && memberRole) {
      throw badInput(
        'body.memberRole',
        'requires-member',
        'A role at a member needs a member; choose the member first.',
      );
    }
    if (memberRole !== user.member_role) changes.member_role = memberRole;
    if (
      request.preferredLanguage !== undefined &&
      request.preferredLanguage !== user.preferred_language
    ) {
      changes.preferred_language = request.preferredLanguage;
    }

    if (Object.keys(changes).length === 0) return user;
    return writeUser(trx, actor, user, changes, 'update');
  });
}

/** Disables (ending every session at once) or enables one user. */
export function setUserDisabled(
  db: Kysely<Database>,
  actor: UserManager,
  uid: string,
  options: { disabled: boolean; version?: number | undefined },
): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const admins = options.disabled ? await lockActiveAdmins(trx) : [];
    const user = await lockLiveUser(trx, uid);
    await requireMayActOn(trx, actor, user);
    if (options.version !== undefined) {
      await checkRecordVersion(trx, 'users', user, options.version);
    }
    if (user.disabled === options.disabled) return user;
    if (options.disabled) {
      const refusal = disableRefusal(actor, user, admins);
      if (refusal) throw badInput('params.uid', refusal.rule, refusal.message);
    }
    const updated = await writeUser(
      trx,
      actor,
      user,
      { disabled: options.disabled },
      options.disabled ? 'disable' : 'enable',
    );
    if (options.disabled) await revokeUserSessions(trx, uid);
    return updated;
  });
}
