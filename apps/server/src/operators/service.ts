import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { updateRecord } from '../db/records';
import type { Database, OperatorRole, User } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { createUser, findUserByEmail, setUserPassword } from '../auth';

export type AddOperatorResult = {
  user: User;
  isNewUser: boolean;
  wasOperator: boolean;
  isPasswordSet: boolean;
  /** The roles the operator has now (an existing active operator keeps its own). */
  roles: OperatorRole[];
};

/**
 * Makes the user with this e-mail an operator, creating the user when missing. Idempotent: an
 * existing operator stays one; a revoked one is active again. A given password is (re)set, so this also restores access.
 */
export function addOperator(
  db: Kysely<Database>,
  actor: Actor,
  options: { email: string; password?: string; roles?: OperatorRole[]; displayName?: string },
): Promise<AddOperatorResult> {
  return writeTransaction(db, async (trx) => {
    const found = await findUserByEmail(trx, options.email);
    const existing =
      found && options.displayName !== undefined && found.display_name !== options.displayName
        ? await renameUser(trx, actor, found, options.displayName)
        : found;
    const user =
      existing ??
      (await createUser(trx, actor, {
        email: options.email,
        password: options.password,
        displayName: options.displayName,
      }));
    if (existing && options.password) await setUserPassword(trx, actor, existing, options.password);
    // A revoked operator (inactive record, see manage.ts) gets access back, with its history.
    const revoked = await trx
      .selectFrom('operators')
      .selectAll()
      .where('uid', '=', user.uid)
      .where('active', '=', false)
      .executeTakeFirst();
    if (revoked) {
      const restored = await updateRecord(
        trx,
        actor,
        'operators',
        revoked,
        { active: true, ...(options.roles ? { roles: options.roles } : {}) },
        { action: 'grant' },
      );
      return {
        user,
        isNewUser: false,
        wasOperator: false,
        isPasswordSet: Boolean(options.password),
        roles: restored.roles,
      };
    }
    const operator = await trx
      .insertInto('operators')
      .values({
        uid: user.uid,
        ...(options.roles ? { roles: options.roles } : {}),
        created_by: actor.uid ?? actor.kind,
        updated_by: actor.uid ?? actor.kind,
      })
      .onConflict((conflict) => conflict.column('uid').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (operator) {
      await recordAudit(trx, actor, {
        table: 'operators',
        recordId: user.uid,
        action: 'create',
        after: operator,
      });
    }
    const current =
      operator ??
      (await trx
        .selectFrom('operators')
        .select('roles')
        .where('uid', '=', user.uid)
        .executeTakeFirstOrThrow());
    return {
      user,
      isNewUser: !existing,
      wasOperator: !operator,
      isPasswordSet: Boolean(options.password),
      roles: current.roles,
    };
  });
}

/** Sets a user's display name, with its audit entry; returns the user as it is now. */
function renameUser(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  displayName: string,
): Promise<User> {
  return updateRecord(
    trx,
    actor,
    'users',
    user,
    { display_name: displayName },
    { action: 'update', view: (row) => ({ display_name: row.display_name }) },
  );
}

/** Ends the operator role of a user (the user account stays). */
export function removeOperator(db: Kysely<Database>, actor: Actor, email: string): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) throw new AppError('not-found', `No user has the e-mail ${email}.`);
    const removed = await trx
      .deleteFrom('operators')
      .where('uid', '=', user.uid)
      .returningAll()
      .executeTakeFirst();
    if (!removed) throw new AppError('not-found', `${email} is not an operator.`);
    await recordAudit(trx, actor, {
      table: 'operators',
      recordId: user.uid,
      action: 'delete',
      before: removed,
    });
    return user;
  });
}
