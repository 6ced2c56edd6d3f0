/** Optimistic concurrency's 409, in one place so every record says who changed it and when alike. */
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../errors';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What a conflict message needs of the record as it is now. */
export type LastWrite = { updated_by: string | null; updated_at: Date | string };

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

/** The 409 of optimistic concurrency: someone else wrote `row` since the client read its version. */
export async function versionConflict(
  db: Db,
  label: string,
  row: LastWrite,
  describe: typeof describeAuthor = describeAuthor,
): Promise<AppError> {
  return changedSinceOpened(
    label,
    (await describe(db, row.updated_by)) ?? 'someone',
    row.updated_at,
  );
}

/** Throws the 409 unless `row` is still at the version the client read. */
export async function checkVersion(
  db: Db,
  label: string,
  row: LastWrite & { version: number },
  version: number,
  describe: typeof describeAuthor = describeAuthor,
): Promise<void> {
  if (row.version !== version) throw await versionConflict(db, label, row, describe);
}
