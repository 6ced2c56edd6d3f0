import type { Language, TAuthUser } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { hashPassword } from './password';
import { updateRecord } from '../db/records';
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
  /** The language of their e-mails (and portal); the database's default (English) otherwise. */
  preferredLanguage?: Language;
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
      ...(options.preferredLanguage ? { preferred_language: options.preferredLanguage } : {}),
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

/** Sets (or replaces) a user's password; the audit entry says only which methods they have. */
export async function setUserPassword(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  password: string,
): Promise<void> {
  const methods = user.sign_in_methods.includes('password')
    ? user.sign_in_methods
    : [...user.sign_in_methods, 'password'];
  await updateRecord(
    trx,
    actor,
    'users',
    user,
    { password_hash: await hashPassword(password), sign_in_methods: methods },
    { action: 'set-password', view: (row) => ({ sign_in_methods: row.sign_in_methods }) },
  );
}

/** The user as the API shows them to themselves (`ZAuthUser`). */
export function toAuthUser(user: User): TAuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.display_name,
    photoURL: user.photo_url,
    preferredLanguage: user.preferred_language,
  };
}
