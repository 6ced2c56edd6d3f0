import {
  operatorRules,
  permissionDeniedMessage,
  ZUsersListQuery,
  type TEndUserSessionsResponse,
  type TSendUserSignInLinkResponse,
  type TUpdateUserRequest,
  type TUserBulkResult,
  type TUserBulkSelection,
} from '@ops/contract';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import { issueActionCode, ownContinueUrl } from '../auth/action-codes';
import { revokeUserSessions } from '../auth/sessions';
import type { Throttle } from '../auth/throttle';
import type { Config } from '../config';
import type { Database, User, UsersTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import {
  manyChangedRows,
  refreshStatistics,
  type StatisticsLog,
} from '../lists/refresh-statistics';
import { queueEmail } from '../emails/outbox';
import { getOutboxKey } from '../emails/sealed-secrets';
import { signInLinkEmail } from '../emails/templates';
import { checkVersion, versionConflict } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { allRowsOf } from '../lists/run-list';
import { lockActiveAdmins } from '../operators/manage';
import { changesChannel } from '../realtime/changes';
import { requireUser } from './detail';
import { usersListFor } from './list';

/**
 * Who acts on users. `users.manage` lets them act on users, but a user who is an operator is
 * acted on only with `operators.manage` as well: otherwise the membership role could disable an
 * admin, end their sessions or send them sign-in links, and so act on the operators it may not
 * manage.
 */
export type UserManager = Actor & { mayManageOperators: boolean };

/** The message of a refusal to act on an operator's user. */
function operatorUserRefusal(user: User): string {
  return `${user.email} is an operator. ${permissionDeniedMessage('operators.manage')}`;
}

/**
 * Refuses (403) to act on a user who is an operator (an active operator record; an inactive
 * one grants nothing) unless the manager may manage operators.
 */
async function requireMayActOn(
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
async function lockLiveUser(trx: Transaction<Database>, uid: string): Promise<User> {
  const user = await trx
    .selectFrom('users')
    .selectAll()
    .where('uid', '=', uid)
    .forUpdate()
    .executeTakeFirst();
  if (!user || user.deleted_at) throw new AppError('not-found', `No user has the id ${uid}.`);
  return user;
}

/** The columns of a user the audit trail shows (never the password hash). */
function auditView(user: User) {
  return {
    email: user.email,
    display_name: user.display_name,
    member_mid: user.member_mid,
    member_role: user.member_role,
    disabled: user.disabled,
    version: user.version,
    updated_at: user.updated_at,
    updated_by: user.updated_by,
  };
}

/**
 * Writes `changes` to the user read at `user.version` (`WHERE uid AND version`), bumping the
 * version and stamping who and when, and records the audit entry. Returns the new row.
 */
async function writeUser(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  changes: Updateable<UsersTable>,
  action: string,
): Promise<User> {
  const updated = await trx
    .updateTable('users')
    .set({
      ...changes,
      version: user.version + 1,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid ?? actor.kind,
    })
    .where('uid', '=', user.uid)
    .where('version', '=', user.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current = await requireUser(trx, user.uid);
    throw await versionConflict(trx, `User ${current.email}`, current);
  }
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: user.uid,
    action,
    before: auditView(user),
    after: auditView(updated),
  });
  return updated;
}

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
    await checkVersion(trx, `User ${user.email}`, user, request.version);

    const changes: Updateable<UsersTable> = {};
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
          throw badInput('body.memberMid', 'not-found', `No member has the id ${memberMid}.`);
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

    if (Object.keys(changes).length === 0) return user;
    return writeUser(trx, actor, user, changes, 'update');
  });
}

/**
 * Why this user may not be disabled, or null: nobody disables themself, and the last admin
 * who can sign in stays enabled (their operator row is locked, see lockActiveAdmins).
 */
function disableRefusal(
  actor: Actor,
  user: User,
  admins: string[],
): { rule: string; message: string } | null {
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
      await checkVersion(trx, `User ${user.email}`, user, options.version);
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
 * operators' users are refused with the reason.
 */
export async function bulkSetUsersDisabled(
  db: Kysely<Database>,
  actor: UserManager,
  options: { selection: TUserBulkSelection; disabled: boolean },
  log?: StatisticsLog,
): Promise<TUserBulkResult> {
  const uids = await selectedUids(db, options.selection);
  const result: TUserBulkResult = { changed: 0, unchanged: 0, refused: [] };
  for (let start = 0; start < uids.length; start += bulkChunkSize) {
    const chunk = uids.slice(start, start + bulkChunkSize);
    const outcome = await writeTransaction(db, async (trx) => {
      const part: TUserBulkResult = { changed: 0, unchanged: 0, refused: [] };
      const admins = options.disabled ? await lockActiveAdmins(trx) : [];
      const users = await trx
        .selectFrom('users')
        .selectAll()
        .where('uid', 'in', chunk)
        .where('deleted_at', 'is', null)
        .orderBy('uid')
        .forUpdate()
        .execute();
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
        await writeUser(
          trx,
          actor,
          user,
          { disabled: options.disabled },
          options.disabled ? 'disable' : 'enable',
        );
        if (options.disabled) await revokeUserSessions(trx, user.uid);
        part.changed++;
      }
      const found = new Set(users.map((user) => user.uid));
      for (const uid of chunk) {
        if (!found.has(uid)) part.refused.push({ id: uid, reason: `No user has the id ${uid}.` });
      }
      return part;
    });
    result.changed += outcome.changed;
    result.unchanged += outcome.unchanged;
    result.refused.push(...outcome.refused);
  }
  // Thousands of users changed: the disabled filter's estimates follow (the chunks committed).
  if (result.changed >= manyChangedRows) await refreshStatistics(db, ['users'], log);
  return result;
}

/** Tells every open screen and the user's own console stream that the user changed. */
async function announceUserChange(trx: Transaction<Database>, uid: string): Promise<void> {
  const payload = JSON.stringify({ table: 'users', id: uid, op: 'update' });
  await sql`SELECT pg_notify(${changesChannel}, ${payload})`.execute(trx);
}

/**
 * E-mails the user a sign-in link (the same single-use code and e-mail as the sign-in screen's
 * "e-mail me a link"); the link itself never leaves the server except in that e-mail. The
 * per-address limit of sign-in links applies, so an inbox cannot be flooded.
 */
export async function sendUserSignInLink(
  context: { db: Kysely<Database>; config: Config; throttle: Throttle },
  actor: UserManager,
  uid: string,
): Promise<TSendUserSignInLinkResponse> {
  const { db, config } = context;
  const user = await requireUser(db, uid);
  if (user.deleted_at) throw new AppError('not-found', `No user has the id ${uid}.`);
  if (user.disabled) {
    throw badInput(
      'params.uid',
      'user-disabled',
      `${user.email} is disabled and cannot sign in; enable the user first.`,
    );
  }
  await requireMayActOn(db, actor, user);
  await context.throttle.consume('linksPerEmail', user.email);
  const continueUrl = ownContinueUrl(`${config.publicUrl}/`, config.publicUrl);
  const outboxKey = await getOutboxKey(db);
  const eid = await writeTransaction(db, async (trx) => {
    const current = await lockLiveUser(trx, uid);
    const { link, code } = await issueActionCode(trx, {
      kind: 'sign-in',
      user: current,
      continueUrl,
    });
    const queued = await queueEmail(trx, config.mailFrom, {
      to: [current.email],
      ...signInLinkEmail(current.email, link),
      kind: 'sign-in-link',
      related: { table: 'users', id: current.uid },
      secret: { code, outboxKey },
    });
    await recordAudit(trx, actor, {
      table: 'users',
      recordId: current.uid,
      action: 'send-sign-in-link',
      after: { sent_to: current.email, eid: queued },
    });
    return queued;
  });
  return { sentTo: user.email, eid };
}

/** Ends every session of the user at once (they sign in again); their open console notices. */
export function endUserSessions(
  db: Kysely<Database>,
  actor: UserManager,
  uid: string,
): Promise<TEndUserSessionsResponse> {
  return writeTransaction(db, async (trx) => {
    const user = await lockLiveUser(trx, uid);
    await requireMayActOn(trx, actor, user);
    const open = await trx
      .selectFrom('sessions')
      .select(sql<string>`count(*)`.as('count'))
      .where('uid', '=', uid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    const ended = Number(open.count);
    await revokeUserSessions(trx, uid);
    await recordAudit(trx, actor, {
      table: 'users',
      recordId: user.uid,
      action: 'end-sessions',
      after: { sessions_ended: ended },
    });
    await announceUserChange(trx, uid);
    return { ended };
  });
}
