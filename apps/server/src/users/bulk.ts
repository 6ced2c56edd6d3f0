import { ZUsersListQuery, type TUserBulkResult, type TUserBulkSelection } from '@ops/contract';
import type { Kysely } from 'kysely';
import { revokeUserSessions } from '../auth';
import { recordBulkOperation, type BulkOperationRow } from '../bulk-edit';
import { lockRecords, recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { allRowsOf, manyChangedRows, refreshStatistics, type StatisticsLog } from '../lists';
import { lockActiveAdmins } from '../operators';
import { usersListFor } from './list';
import { disableRefusal, operatorUserRefusal, writeUser, type UserManager } from './user-writes';

/** Users touched per transaction by a bulk action. */
const bulkChunkSize = 500;
/** A bulk action on "all matching" takes at most this many users; narrow the view for more. */
export const bulkUserLimit = 5_000;

/** The uids a selection names: the ids given, or every user the list view matches. */
async function selectedUids(
  db: Kysely<Database>,
  selection: TUserBulkSelection,
): Promise<string[]> {
  if (selection.kind === 'ids') return [...new Set(selection.ids)];
  const parsed = ZUsersListQuery.omit({ cursor: true, limit: true }).safeParse(
    Object.fromEntries(new URLSearchParams(selection.listParams)),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw badInput(
      'body.selection.listParams',
      'invalid_value',
      `The list view is not valid${field ? ` (${field}: ${issue?.message})` : ''}.`,
    );
  }
  const uids: string[] = [];
  for await (const row of allRowsOf(db, usersListFor(parsed.data), parsed.data)) {
    uids.push(row.uid);
    if (uids.length > bulkUserLimit) {
      throw badInput(
        'body.selection',
        'too_big',
        `More than ${bulkUserLimit.toLocaleString('en')} users match; narrow the view with filters first.`,
      );
    }
  }
  return uids;
}

/**
 * Disables or enables many users, a chunk per transaction. Users already in that state are
 * counted as unchanged; the signed-in operator, the last admin and (without operators.manage)
 * operators' users are refused with the reason. The answer's undo handle gives the users their
 * previous state back (`bulk-edit/`); sessions a disable ended stay ended.
 */
export async function bulkSetUsersDisabled(
  db: Kysely<Database>,
  actor: UserManager,
  options: { selection: TUserBulkSelection; disabled: boolean },
  log?: StatisticsLog,
): Promise<TUserBulkResult> {
  const uids = await selectedUids(db, options.selection);
  const result: TUserBulkResult = { changed: 0, unchanged: 0, refused: [], undo: null };
  for (let start = 0; start < uids.length; start += bulkChunkSize) {
    const chunk = uids.slice(start, start + bulkChunkSize);
    const outcome = await writeTransaction(db, async (trx) => {
      const part: TUserBulkResult = { changed: 0, unchanged: 0, refused: [], undo: null };
      const changedRows: BulkOperationRow[] = [];
      const admins = options.disabled ? await lockActiveAdmins(trx) : [];
      const users = (await lockRecords(trx, 'users', chunk)).filter((user) => !user.deleted_at);
      const operatorUids = actor.mayManageOperators
        ? new Set<string>()
        : new Set(
            (
              await trx
                .selectFrom('operators')
                .select('uid')
                .where('uid', 'in', chunk)
                .where('active', '=', true)
                .execute()
            ).map((operator) => operator.uid),
          );
      for (const user of users) {
        if (user.disabled === options.disabled) {
          part.unchanged++;
          continue;
        }
        if (operatorUids.has(user.uid)) {
          part.refused.push({ id: user.uid, reason: operatorUserRefusal(user) });
          continue;
        }
        if (options.disabled) {
          const refusal = disableRefusal(actor, user, admins);
          if (refusal) {
            part.refused.push({ id: user.uid, reason: refusal.message });
            continue;
          }
          // The next admin of the same selection is then the last one.
          const index = admins.indexOf(user.uid);
          if (index >= 0) admins.splice(index, 1);
        }
        const written = await writeUser(
          trx,
          actor,
          user,
          { disabled: options.disabled },
          options.disabled ? 'disable' : 'enable',
        );
        changedRows.push({
          recordId: user.uid,
          before: { disabled: user.disabled },
          versionAfter: written.version,
        });
        if (options.disabled) await revokeUserSessions(trx, user.uid);
        part.changed++;
      }
      const found = new Set(users.map((user) => user.uid));
      for (const uid of chunk) {
        if (!found.has(uid))
          part.refused.push({ id: uid, reason: recordNotFound('users', uid).message });
      }
      // Undo (issue 19): one operation over every chunk, each chunk's rows in its transaction.
      part.undo = await recordBulkOperation(trx, actor, {
        table: 'users',
        action: options.disabled ? 'disable' : 'enable',
        rows: changedRows,
        continues: result.undo,
      });
      return part;
    });
    result.undo = outcome.undo;
    result.changed += outcome.changed;
    result.unchanged += outcome.unchanged;
    result.refused.push(...outcome.refused);
  }
  // Thousands of users changed: the disabled filter's estimates follow (the chunks committed).
  if (result.changed >= manyChangedRows) await refreshStatistics(db, ['users'], log);
  return result;
}
