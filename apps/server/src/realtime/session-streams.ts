import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkSession, type SessionContext } from '../auth';
import { AppError } from '../errors';
import { requireSession, sessionPolicy } from '../http/access';

/**
 * How often an open stream sends a comment line, which keeps proxies from closing it while quiet,
 * and re-checks its session first (recheckStreamSession).
 */
export const streamHeartbeatMs = 25_000;

/**
 * How many event streams one session may hold open in one server instance. The tabs of a browser
 * share one stream (web lib/browser-stream.ts); a browser without Web Locks or BroadcastChannel
 * opens one per tab, so a person with a dozen such tabs still stays under it, while one cookie
 * can no longer hold thousands of sockets, timers
 * and heartbeat queries. A stream beyond it is refused (429) rather than the oldest one closed:
 * the browser reopens a stream the server ended within a second, which would then close another
 * tab's stream in turn, without end; a refused stream is tried again after a growing delay.
 */
export const maxStreamsPerSession = 32;

/** Open streams by session token hash, per app (the streams' plugins share its deps). */
const openStreamCounts = new WeakMap<object, Map<string, number>>();

/**
 * Counts a new stream of the request's session, or refuses it (429) when the session already
 * holds the most it may. Call before the stream opens; the returned function releases the slot
 * and belongs to the stream's clean-ups.
 */
export function claimStreamSlot(app: FastifyInstance, request: FastifyRequest): () => void {
  const { tokenHash } = requireSession(request);
  let counts = openStreamCounts.get(app.deps);
  if (!counts) {
    counts = new Map();
    openStreamCounts.set(app.deps, counts);
  }
  const open = counts.get(tokenHash) ?? 0;
  if (open >= maxStreamsPerSession) {
    throw new AppError(
      'resource-exhausted',
      `This session already has ${maxStreamsPerSession} live updates open; close some tabs of the console.`,
    );
  }
  counts.set(tokenHash, open + 1);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    const left = (counts.get(tokenHash) ?? 1) - 1;
    if (left > 0) counts.set(tokenHash, left);
    else counts.delete(tokenHash);
  };
}

/**
 * The stream's session, if it is still valid (not revoked, idle, expired, nor its user disabled),
 * read without counting as the person's activity: heartbeats of an open tab must not keep a
 * session from idling out.
 */
export function recheckStreamSession(
  app: FastifyInstance,
  session: SessionContext,
): Promise<SessionContext | null> {
  return checkSession(app.deps.db, sessionPolicy(app), session.tokenHash);
}
