import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Audience, Database, OperatorRole, User } from '../db/schema';
import { clock } from '../lib/clock';

/** The session cookie's name under plain http (development, tests): see sessionCookieNameFor. */
export const sessionCookieName = 'ops_session';

/**
 * The member portal's (issue 34). A name of its own, because browsers send a host's cookies to
 * every port of it: on localhost both faces receive both cookies, and each reads only its own.
 */
export const portalSessionCookieName = 'ops_portal_session';

/**
 * Under https the name carries the `__Host-` prefix: browsers then take the cookie only when it is
 * Secure, for Path=/ and without Domain, so a sibling subdomain or a plain-http page cannot plant
 * or overwrite a session (fixation). Plain http cannot satisfy Secure, so it keeps the bare name.
 */
export function sessionCookieNameFor(publicUrl: string, audience: Audience = 'console'): string {
  const name = audience === 'portal' ? portalSessionCookieName : sessionCookieName;
  return publicUrl.startsWith('https:') ? `__Host-${name}` : name;
}

/** 256 random bits, base64url: the only copy of a session token is the browser's cookie. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * How long sessions last, and which face's sessions are read and made: a face never accepts a
 * session of the other (issue 34), whatever cookie it arrives in.
 */
export type SessionPolicy = { idleMs: number; maxAgeMs: number; audience: Audience };

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
  // Both ends of the session's life are the product's clock, as the reads that judge them are.
  const startedAt = clock.now();
  const expiresAt = new Date(startedAt.getTime() + policy.maxAgeMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      uid,
      last_seen_at: startedAt,
      expires_at: expiresAt,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
      audience: policy.audience,
    })
    .execute();
  return { token, expiresAt };
}

/** Which session to read: by its token's hash, or by the reference a search key carries. */
type SessionLookup = { tokenHash: string } | { uid: string; reference: string };

/** Domain separation: a reference is no hash that any other part of the server uses. */
const referencePrefix = 'session-reference:';

/**
 * A name of a session for claims that others can read (the search key's): derived from the
 * token's hash, it tells neither the token nor that hash, and finds the session again.
 */
export function sessionReference(tokenHash: string): string {
  return sha256(`${referencePrefix}${tokenHash}`);
}

/**
 * The valid session of a lookup: neither revoked, past its absolute expiry, idle for too long,
 * nor its user disabled or deleted. One query reads the session, its user and the operator
 * record. `touch` counts the read as the person's activity (last_seen_at), which only their own
 * requests may do: a stream re-checking its session in the background must not keep it alive.
 */
async function readValidSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  lookup: SessionLookup,
  touch: boolean,
): Promise<SessionContext | null> {
  let query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .leftJoin('operators as o', (join) =>
      join.onRef('o.uid', '=', 's.uid').on('o.active', '=', true),
    )
    .selectAll('u')
    .select([
      's.token_hash as session_token_hash',
      's.last_seen_at as session_last_seen_at',
      sql<boolean>`o.uid IS NOT NULL`.as('is_operator'),
      sql<OperatorRole[]>`coalesce(o.roles, '{}')`.as('operator_roles'),
    ])
    .where('s.revoked_at', 'is', null)
    .where('s.audience', '=', policy.audience)
    // Idle and absolute expiry are instants of the product's clock, compared as instants: a
    // change to or from summer time moves neither (tested across both in sessions-calendar.test).
    .where('s.expires_at', '>', clock.now())
    .where('s.last_seen_at', '>', new Date(clock.nowMs() - policy.idleMs))
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null);
  query =
    'tokenHash' in lookup
      ? query.where('s.token_hash', '=', lookup.tokenHash)
      : // The user's own sessions (an index), then the one whose reference matches.
        query
          .where('s.uid', '=', lookup.uid)
          .where(
            sql<string>`encode(sha256(convert_to(${referencePrefix} || s.token_hash, 'UTF8')), 'hex')`,
            '=',
            lookup.reference,
          );
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const {
    session_token_hash: tokenHash,
    session_last_seen_at: lastSeenAt,
    is_operator: isOperator,
    operator_roles: roles,
    ...user
  } = row;
  if (touch && clock.nowMs() - new Date(lastSeenAt).getTime() > touchIntervalMs) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: clock.now() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, user, isOperator, roles };
}

/**
 * The session of a token (see readValidSession). A person's request counts as activity unless
 * `touch: false` says that no person made it (a stream reconnecting by itself).
 */
export function findSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  token: string,
  options: { touch?: boolean } = {},
): Promise<SessionContext | null> {
  return readValidSession(db, policy, { tokenHash: sha256(token) }, options.touch ?? true);
}

/**
 * Whether a session read earlier is still valid, without counting as activity: for the
 * heartbeats of open streams, so an open tab alone never keeps a session from idling out.
 */
export function checkSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  tokenHash: string,
): Promise<SessionContext | null> {
  return readValidSession(db, policy, { tokenHash }, false);
}

/** The session a search key names (sessionReference); a search is its person's activity. */
export function findSessionByReference(
  db: Kysely<Database>,
  policy: SessionPolicy,
  lookup: { uid: string; reference: string },
): Promise<SessionContext | null> {
  return readValidSession(db, policy, lookup, true);
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
