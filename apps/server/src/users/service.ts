import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import { hashPassword } from '../auth/password';
import type { Database, User } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../lib/ids';

export function findUserByEmail(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export type CreateUserOptions = {
  email: string;
  /** Already checked against the password policy by the caller. */
  password?: string;
  displayName?: string;
  /** Recorded as creator when it is not the actor itself (e.g. 'microsoft' for a first sign-in). */
  createdBy?: string;
};

/** Creates a user; signing in by e-mail link is always possible, by password when one is set. */
export async function createUser(
  trx: Transaction<Database>,
  actor: Actor,
  options: CreateUserOptions,
): Promise<User> {
  if (await findUserByEmail(trx, options.email)) {
    throw new AppError('aborted', `A user with the e-mail ${options.email} already exists.`);
  }
  const passwordHash = options.password ? await hashPassword(options.password) : null;
  const user = await trx
    .insertInto('users')
    .values({
      uid: newId(),
      email: options.email,
      display_name: options.displayName ?? null,
      password_hash: passwordHash,
      sign_in_methods: passwordHash ? ['password'] : [],
      created_by: options.createdBy ?? actor.uid ?? actor.kind,
      updated_by: options.createdBy ?? actor.uid ?? actor.kind,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: user.uid,
    action: 'create',
    after: user,
  });
  return user;
}

export async function setUserPassword(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  password: string,
): Promise<void> {
  const methods = user.sign_in_methods.includes('password')
    ? user.sign_in_methods
    : [...user.sign_in_methods, 'password'];
  await trx
    .updateTable('users')
    .set({
      password_hash: await hashPassword(password),
      sign_in_methods: methods,
      version: user.version + 1,
      updated_at: new Date(),
      updated_by: actor.uid ?? actor.kind,
    })
    .where('uid', '=', user.uid)
    .execute();
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: user.uid,
    action: 'set-password',
    before: { sign_in_methods: user.sign_in_methods },
    after: { sign_in_methods: methods },
  });
}
