import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getServerSecret } from '../lib/server-secrets';
import { clock } from '../lib/clock';

/** How long a search key works; the browser asks `searchParams` again when it runs out. */
export const searchKeyTtlMs = 60 * 60 * 1000;
const secretName = 'search-keys' as const;
const audience = 'search';

export type SearchKeyClaims = {
  uid: string;
  index: string;
  /**
   * The session the key was issued to, as its sessionReference (never the token nor its hash):
   * the key works only while that session does, so sign-out, disable and revoke end it at once.
   */
  session: string;
};

export class InvalidSearchKeyError extends Error {
  override name = 'InvalidSearchKeyError';
}

/** Every instance signs with the same secret, kept in `server_secrets`. */
export function getSearchKeySecret(db: Kysely<Database>): Promise<Uint8Array> {
  return getServerSecret(db, secretName);
}

/** A search-only key for one index, signed (HS256 JWT) and short-lived. */
export async function issueSearchKey(
  db: Kysely<Database>,
  claims: SearchKeyClaims,
  now = clock.nowMs(),
): Promise<{ apiKey: string; expiresAt: Date }> {
  const expiresAt = new Date(now + searchKeyTtlMs);
  const apiKey = await new SignJWT({ idx: claims.index, sid: claims.session, act: ['search'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await getSearchKeySecret(db));
  return { apiKey, expiresAt };
}

/** The claims of a valid key; anything else (forged, expired, not a search key) throws. */
export async function verifySearchKey(
  db: Kysely<Database>,
  apiKey: string,
): Promise<SearchKeyClaims> {
  try {
    const { payload } = await jwtVerify(apiKey, await getSearchKeySecret(db), {
      algorithms: ['HS256'],
      audience,
    });
    const actions = payload.act;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.idx !== 'string' ||
      typeof payload.sid !== 'string' ||
      !Array.isArray(actions) ||
      !actions.includes('search')
    ) {
      throw new InvalidSearchKeyError('The key is not a search key.');
    }
    return { uid: payload.sub, index: payload.idx, session: payload.sid };
  } catch (error) {
    if (error instanceof InvalidSearchKeyError) throw error;
    if (error instanceof errors.JOSEError) {
      throw new InvalidSearchKeyError(
        error instanceof errors.JWTExpired ? 'The key has expired.' : 'The key is not valid.',
      );
    }
    throw error;
  }
}
