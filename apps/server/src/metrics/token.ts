import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the metrics token as a Bearer token. Both sides are
 * hashed first, so the comparison takes the same time whatever the length or the first wrong
 * character of what was sent.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const sent = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return timingSafeEqual(digest(sent ?? ''), digest(token)) && sent !== undefined;
}
