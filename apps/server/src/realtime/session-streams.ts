import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkSession, type SessionContext } from '../auth';
import { AppError } from '../errors';
import { reconnectedChannel } from '../db/notifications';
import { requireSession, sessionPolicy } from '../http/access';
import { subscribeToChanges, type ChangeEvent } from './changes';
import { openEventStream, orderedSender, streamLifetime } from './event-stream';

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

export type SessionStreamHandlers = {
  /** A change of the feed, as it arrives (the stream decides what, if anything, to send). */
  change: (change: ChangeEvent) => void;
  /** The database listener reconnected: changes may have been missed. */
  reconnected: () => void;
  /**
   * At each heartbeat, once the session was found still valid: the stream's own re-check
   * (false ends the stream). A keep-alive follows.
   */
  heartbeat: (current: SessionContext) => Promise<boolean> | boolean;
};

/**
 * The skeleton every signed-in person's stream shares (the console's and the member portal's):
 * the session, a slot of the session's, the response taken over, one ordered sender, the change
 * feed and the listener's reconnections handed to the stream, and a heartbeat that re-checks the
 * session (a revoked, idle or disabled one ends the stream) and sends a keep-alive. Every
 * subscription and timer ends with the stream.
 */
export function openSessionStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  openStreams: Set<() => void>,
  handlers: (stream: {
    session: SessionContext;
    send: (work: () => Promise<string | null> | string | null) => void;
    close: () => void;
    /** Runs the heartbeat's checks now (a change of the person's own record). */
    checkNow: () => void;
  }) => SessionStreamHandlers,
  cleanUps: (() => void)[] = [],
): void {
  const session = requireSession(request);
  const releaseSlot = claimStreamSlot(app, request);
  const stream = openEventStream(reply);
  const send = orderedSender(request, stream, () => lifetime.isClosed);
  const close = () => lifetime.close();
  const checkNow = () =>
    send(async () => {
      const current = await recheckStreamSession(app, session);
      if (!current || !(await own.heartbeat(current))) {
        close();
        return null;
      }
      return ': keep-alive\n\n';
    });
  const own = handlers({ session, send, close, checkNow });
  const { notifications } = app.deps;
  const unsubscribeChanges = subscribeToChanges(notifications, own.change);
  const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, own.reconnected);
  const heartbeat = setInterval(checkNow, streamHeartbeatMs);
  const lifetime = streamLifetime(openStreams, request, stream, [
    () => clearInterval(heartbeat),
    unsubscribeChanges,
    unsubscribeReconnect,
    releaseSlot,
    ...cleanUps,
  ]);
}
