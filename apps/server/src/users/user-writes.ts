import { operatorRules, permissionDeniedMessage, type TErrorRule } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, recordNotFound, updateRecord, type RecordChanges } from '../db/records';
import type { Database, User } from '../db/schema';
import { AppError } from '../errors';

/**
 * Who acts on users. `users.manage` lets them act on users, but a user who is an operator is
 * acted on only with `operators.manage` as well: otherwise the membership role could disable an
 * admin, end their sessions or send them sign-in links, and so act on the operators it may not
 * manage.
 */
export type UserManager = Actor & { mayManageOperators: boolean };

/** The message of a refusal to act on an operator's user. */
export function operatorUserRefusal(user: User): string {
  return `${user.email} is an operator. ${permissionDeniedMessage('operators.manage')}`;
}

/**
 * Refuses (403) to act on a user who is an operator (an active operator record; an inactive
 * one grants nothing) unless the manager may manage operators.
 */
export async function requireMayActOn(
  db: Kysely<Database>,
  manager: UserManager,
  user: User,
): Promise<void> {
  if (manager.mayManageOperators) return;
  const operator = await db
    .selectFrom('operators')
    .select('uid')
    .where('uid', '=', user.uid)
    .where('active', '=', true)
    .executeTakeFirst();
  if (operator) throw new AppError('permission-denied', operatorUserRefusal(user));
}

/** A user a write applies to: known and not deleted, locked until the transaction ends. */
export async function lockLiveUser(trx: Transaction<Database>, uid: string): Promise<User> {
  const user = await lockRecord(trx, 'users', uid);
  if (user.deleted_at) throw recordNotFound('users', uid);
  return user;
}

/** The columns of a user the audit trail shows (never the password hash). */
function auditView(user: User) {
  return {
    email: user.email,
    display_name: user.display_name,
    member_mid: user.member_mid,
    member_role: user.member_role,
    preferred_language: user.preferred_language,
    disabled: user.disabled,
    version: user.version,
    updated_at: user.updated_at,
    updated_by: user.updated_by,
  };
}

/**
 * Writes `changes` to the user read at `user.version` through the records store (new version,
 * who and when, audit entry of the columns above). Returns the new row.
 */
export function writeUser(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  changes: RecordChanges<'users'>,
  action: string,
): Promise<User> {
  return updateRecord(trx, actor, 'users', user, changes, {
    action,
    view: (row) => auditView(row as User),
  });
}

/**
 * Why this user may not be disabled, or null: nobody disables themself, and the last admin
 * who can sign in stays enabled (their operator row is locked, see lockActiveAdmins).
 */
export function disableRefusal(
  actor: Actor,
  user: User,
  admins: string[],
): { rule: TErrorRule; message: string } | null {
  if (actor.uid === user.uid) {
    return {
      rule: operatorRules.notSelf,
      message: 'You cannot disable your own account; ask another operator.',
    };
  }
  if (admins.length === 1 && admins[0] === user.uid) {
    return {
      rule: operatorRules.lastAdmin,
      message: `${user.email} is the last admin operator; grant the admin role to another operator first.`,
    };
  }
  return null;
}
