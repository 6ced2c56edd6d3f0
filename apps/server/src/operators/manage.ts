import {
  operatorRules,
  type TGrantOperatorRequest,
  type TOperatorDetail,
  type TRevokeOperatorRequest,
  type TUpdateOperatorRolesRequest,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database, Operator, OperatorRole } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import {
  checkRecordVersion,
  describeAuthor,
  insertRecord,
  recordNotFound,
  updateRecord,
} from '../db/records';
import { badInput } from '../errors';
import { operatorFieldsOf } from './list';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Locks the rows of every active admin who can sign in (`FOR UPDATE`) and returns their uids. A change that
 * could leave the console without an admin takes these locks first: two admins revoking each
 * other at the same moment are serialized, and the second sees that only one admin is left.
 */
export async function lockActiveAdmins(trx: Transaction<Database>): Promise<string[]> {
  // An admin whose user account is disabled or deleted cannot sign in: not counted. Both rows
  // are locked, so disabling that user meanwhile waits too.
  const { rows } = await sql<{ uid: string }>`
    SELECT o.uid FROM operators o JOIN users u ON u.uid = o.uid
     WHERE o.active AND 'admin' = ANY(o.roles) AND NOT u.disabled AND u.deleted_at IS NULL
     ORDER BY o.uid
       FOR UPDATE`.execute(trx);
  return rows.map((row) => row.uid);
}

/** Whether taking this user's admin role away (or their access) leaves no active admin. */
export async function isLastAdmin(trx: Transaction<Database>, uid: string): Promise<boolean> {
  const admins = await lockActiveAdmins(trx);
  return admins.length === 1 && admins[0] === uid;
}

function checkRoles(roles: readonly OperatorRole[]): void {
  if (roles.includes('read-only') && roles.length > 1) {
    throw badInput(
      'body.roles',
      operatorRules.readOnlyAlone,
      'read-only cannot be combined with other roles: an operator either reads only or may act.',
    );
  }
}

async function findOperatorRow(db: Db, uid: string) {
  return db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.uid', 'o.uid')
    .selectAll('o')
    .select(['u.email', 'u.display_name', 'u.disabled', 'u.last_sign_in_at'])
    .where('o.uid', '=', uid)
    .executeTakeFirst();
}

async function requireOperatorRow(db: Db, uid: string) {
  const row = await findOperatorRow(db, uid);
  if (!row) throw recordNotFound('operators', uid);
  return row;
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof findOperatorRow>>>;

function operatorLabel(row: OperatorRow): string {
  return `Operator ${row.email}`;
}

/**
 * The operator to change, as read at the version the person saw (409 otherwise), and still
 * active: a revoked operator is refused with `inactive`, the words saying why it matters here.
 */
async function requireActiveOperatorAt(
  trx: Transaction<Database>,
  uid: string,
  version: number,
  whenInactive: (email: string) => string,
): Promise<OperatorRow> {
  const row = await requireOperatorRow(trx, uid);
  await checkRecordVersion(trx, 'operators', row, version, { label: operatorLabel(row) });
  if (!row.active) throw badInput('params.uid', operatorRules.inactive, whenInactive(row.email));
  return row;
}

/** The record as the audit trail keeps it: the columns a person reads. */
function auditView(row: Operator) {
  return {
    uid: row.uid,
    roles: row.roles,
    active: row.active,
    version: row.version,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}

/**
 * Writes the operator read at `row.version` through the records store (new version, who and
 * when, audit entry of the columns above; 409 naming the operator by e-mail).
 */
async function writeOperator(
  trx: Transaction<Database>,
  actor: Actor,
  row: OperatorRow,
  changes: { roles?: OperatorRole[]; active?: boolean },
  action: string,
): Promise<void> {
  await updateRecord(trx, actor, 'operators', row, changes, {
    action,
    view: (operator) => auditView(operator as Operator),
    label: operatorLabel(row),
  });
}

/** One operator as the detail screen shows it; `viewerUid` tells whether it is the viewer. */
export async function getOperatorDetail(
  db: Kysely<Database>,
  uid: string,
  viewerUid: string,
): Promise<TOperatorDetail> {
  const row = await requireOperatorRow(db, uid);
  return {
    ...operatorFieldsOf(row),
    user: {
      disabled: row.disabled,
      lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    },
    isSelf: row.uid === viewerUid,
    version: row.version,
    createdBy: await describeAuthor(db, row.created_by),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: await describeAuthor(db, row.updated_by),
  };
}

/**
 * Grants operator access to a user with these roles: a new record, or the revoked one made
 * active again (its history stays with it). Refused for a user who already has access and for
 * a disabled or deleted user.
 */
export async function grantOperator(
  db: Kysely<Database>,
  actor: Actor,
  request: TGrantOperatorRequest,
): Promise<void> {
  checkRoles(request.roles);
  await writeTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['uid', 'email', 'disabled', 'deleted_at'])
      .where('uid', '=', request.uid)
      .executeTakeFirst();
    if (!user || user.deleted_at) {
      throw badInput('body.uid', 'exists', `No user has the id ${request.uid}.`);
    }
    if (user.disabled) {
      throw badInput(
        'body.uid',
        operatorRules.userUnavailable,
        `${user.email} is disabled; enable the user before granting operator access.`,
      );
    }
    const existing = await findOperatorRow(trx, user.uid);
    if (existing?.active) {
      throw badInput(
        'body.uid',
        operatorRules.alreadyOperator,
        `${user.email} is already an operator; change their roles instead.`,
      );
    }
    if (existing) {
      await writeOperator(trx, actor, existing, { roles: request.roles, active: true }, 'grant');
      return;
    }
    await insertRecord(
      trx,
      actor,
      'operators',
      { uid: user.uid, roles: request.roles },
      { action: 'grant', view: (operator) => auditView(operator as Operator) },
    );
  });
}

/**
 * Revokes an operator's access (the record stays, inactive; the user account stays). At once,
 * the revoked operator's open console loses access: the operator stream follows the row. An
 * operator cannot revoke themself, and the last active admin cannot be revoked.
 */
export async function revokeOperator(
  db: Kysely<Database>,
  actor: Actor,
  uid: string,
  request: TRevokeOperatorRequest,
): Promise<void> {
  if (actor.uid === uid) {
    throw badInput(
      'params.uid',
      operatorRules.notSelf,
      'You cannot revoke your own operator access; ask another admin.',
    );
  }
  await writeTransaction(db, async (trx) => {
    const row = await requireActiveOperatorAt(
      trx,
      uid,
      request.version,
      (email) => `${email}'s operator access is already revoked.`,
    );
    if (row.roles.includes('admin') && (await isLastAdmin(trx, uid))) {
      throw badInput(
        'params.uid',
        operatorRules.lastAdmin,
        `${row.email} is the last admin; grant the admin role to another operator first.`,
      );
    }
    await writeOperator(trx, actor, row, { active: false }, 'revoke');
  });
}

/** Changes an active operator's roles; the last admin keeps the admin role. */
export async function updateOperatorRoles(
  db: Kysely<Database>,
  actor: Actor,
  uid: string,
  request: TUpdateOperatorRolesRequest,
): Promise<void> {
  checkRoles(request.roles);
  await writeTransaction(db, async (trx) => {
    const row = await requireActiveOperatorAt(
      trx,
      uid,
      request.version,
      (email) => `${email}'s operator access is revoked; grant it again to choose roles.`,
    );
    const losesAdmin = row.roles.includes('admin') && !request.roles.includes('admin');
    if (losesAdmin && (await isLastAdmin(trx, uid))) {
      throw badInput(
        'body.roles',
        operatorRules.lastAdmin,
        `${row.email} is the last admin and keeps the admin role; grant it to another operator first.`,
      );
    }
    await writeOperator(trx, actor, row, { roles: request.roles }, 'change-roles');
  });
}
