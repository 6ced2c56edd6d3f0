import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, OperatorRole, User } from '../db/schema';

export const sessionCookieName = 'ops_session';

/** 256 random bits, base64url: the only copy of a session token is the browser's cookie. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export type SessionPolicy = { idleMs: number; maxAgeMs: number };

/** The user behind a valid session, and whether they hold an active operator record. */
export type SessionContext = {
  tokenHash: string;
  user: User;
  isOperator: boolean;
  /** The operator's roles; empty for a user who is not an operator. */
  roles: OperatorRole[];
};

/** last_seen_at is written at most this often, so reading a session is not a write per request. */
const touchIntervalMs = 60_000;

export async function createSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  uid: string,
  client: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + policy.maxAgeMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      uid,
      expires_at: expiresAt,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The session of a token, when it is neither revoked, past its absolute expiry, idle for too long,
 * nor its user disabled or deleted. One query reads the session, its user and the operator record.
 */
export async function findSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  token: string,
): Promise<SessionContext | null> {
  const tokenHash = sha256(token);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .leftJoin('operators as o', (join) =>
      join.onRef('o.uid', '=', 's.uid').on('o.active', '=', true),
    )
    .selectAll('u')
    .select([
      's.last_seen_at as session_last_seen_at',
      sql<boolean>`o.uid IS NOT NULL`.as('is_operator'),
      sql<OperatorRole[]>`coalesce(o.roles, '{}')`.as('operator_roles'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${policy.idleMs / 1000})`)
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const {
    session_last_seen_at: lastSeenAt,
    is_operator: isOperator,
    operator_roles: roles,
    ...user
  } = row;
  if (Date.now() - new Date(lastSeenAt).getTime() > touchIntervalMs) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, user, isOperator, roles };
}

export async function revokeSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (a changed password, a disabled account). */
export async function revokeUserSessions(db: Kysely<Database>, uid: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .where('revoked_at', 'is', null)
    .execute();
}
