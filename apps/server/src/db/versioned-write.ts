/**
 * The words of optimistic concurrency's 409 and of "who wrote this": the records store's private
 * helper (db/records.ts re-exports what areas need). Areas import the store, not this file.
 */
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../errors';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** "2026-05-03 14:02 UTC": a time a person reads in a message. */
export function readableTime(value: Date | string): string {
  return `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Who a created_by/updated_by names: a user's e-mail, else the word stored ('cli', 'seed'). */
export async function describeAuthor(db: Db, author: string | null): Promise<string | null> {
  if (!author) return null;
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('uid', '=', author)
    .executeTakeFirst();
  return user?.email ?? author;
}

/** The same, with the user's name before the e-mail when they have one: "Ann Muster (ann@…)". */
export async function describeAuthorWithName(
  db: Db,
  author: string | null,
): Promise<string | null> {
  if (!author) return null;
  const user = await db
    .selectFrom('users')
    .select(['email', 'display_name'])
    .where('uid', '=', author)
    .executeTakeFirst();
  if (!user) return author;
  return user.display_name ? `${user.display_name} (${user.email})` : user.email;
}

/** The 409 once who and when are known: "<label> was changed by <who> at <time> since…". */
export function changedSinceOpened(label: string, who: string, at: Date | string): AppError {
  return new AppError(
    'aborted',
    `${label} was changed by ${who} at ${readableTime(at)} since you opened it. Reload to see the change.`,
  );
}
