import type { TUserDetail } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SessionPolicy } from '../auth';
import { describeAuthor, findRecord, recordNotFound } from '../db/records';
import type { Database, User } from '../db/schema';

const iso = (value: Date | string) => new Date(value).toISOString();

/** How a person names a user in a message: the e-mail, which is unique. */
export function userLabel(user: Pick<User, 'email'>): string {
  return user.email;
}

/** The user (deleted ones too: a detail can still be opened), or 404. */
export async function requireUser(
  db: Kysely<Database> | Transaction<Database>,
  uid: string,
): Promise<User> {
  const user = await findRecord(db, 'users', uid);
  if (!user) throw recordNotFound('users', uid);
  return user;
}

/** One user with their member, operator record and sessions, as the detail screen shows them. */
export async function getUserDetail(
  db: Kysely<Database>,
  uid: string,
  policy: SessionPolicy,
): Promise<TUserDetail> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('members as m', 'm.mid', 'u.member_mid')
    .leftJoin('operators as o', 'o.uid', 'u.uid')
    .selectAll('u')
    .select([
      'm.number as member_number',
      'm.legal_name as member_legal_name',
      'm.status as member_status',
      'o.roles as operator_roles',
      'o.active as operator_active',
    ])
    .where('u.uid', '=', uid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('users', uid);

  const sessions = await db
    .selectFrom('sessions')
    .select([
      sql<string>`count(*) FILTER (
        WHERE revoked_at IS NULL AND expires_at > now()
          AND last_seen_at > now() - make_interval(secs => ${policy.idleMs / 1000}))`.as(
        'active_count',
      ),
      sql<Date | null>`max(last_seen_at)`.as('last_seen_at'),
    ])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();

  const groupMembers = await db
    .selectFrom('member_user_links as l')
    .innerJoin('members as m', 'm.mid', 'l.member_mid')
    .select(['m.mid', 'm.number', 'm.legal_name', 'l.role'])
    .where('l.uid', '=', uid)
    .where('m.deleted_at', 'is', null)
    .orderBy('m.legal_name')
    .execute();

  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    member:
      row.member_mid && row.member_number && row.member_legal_name && row.member_status
        ? {
            mid: row.member_mid,
            number: row.member_number,
            legalName: row.member_legal_name,
            status: row.member_status,
          }
        : null,
    memberRole: row.member_role,
    groupMembers: groupMembers.map((link) => ({
      mid: link.mid,
      number: link.number,
      legalName: link.legal_name,
      role: link.role,
    })),
    preferredLanguage: row.preferred_language,
    signInMethods: row.sign_in_methods,
    hasPassword: row.password_hash !== null,
    lastSignInAt: row.last_sign_in_at ? iso(row.last_sign_in_at) : null,
    disabled: row.disabled,
    sessions: {
      activeCount: Number(sessions.active_count),
      lastSeenAt: sessions.last_seen_at ? iso(sessions.last_seen_at) : null,
    },
    operator:
      row.operator_roles && row.operator_active !== null
        ? { roles: row.operator_roles, active: row.operator_active }
        : null,
    version: row.version,
    createdAt: iso(row.created_at),
    createdBy: await describeAuthor(db, row.created_by),
    updatedAt: iso(row.updated_at),
    updatedBy: await describeAuthor(db, row.updated_by),
  };
}
