import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { readSession, sessionCookieOptions, sessionPolicy } from '../../http/access';
import type { AuthContext } from '../service';
// What a signed-in person's own calls answer, shared with the Microsoft redirect's result.
export { toAuthUser } from '../accounts';
import { createSession, revokeSession, sessionCookieNameFor } from '../sessions';

export function authContext(app: FastifyInstance, request: FastifyRequest): AuthContext {
  return {
    db: app.deps.db,
    config: app.deps.config,
    throttle: app.deps.throttle,
    ip: request.ip,
    face: app.deps.face,
  };
}

/** A new session for the user; the browser's previous one, if any, ends (rotation). */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<void> {
  const previous = await readSession(app, request);
  if (previous) await revokeSession(app.deps.db, previous.tokenHash);
  const { token, expiresAt } = await createSession(app.deps.db, sessionPolicy(app), user.uid, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const { face } = app.deps;
  reply.setCookie(
    sessionCookieNameFor(face.url, face.audience),
    token,
    sessionCookieOptions(face.url, expiresAt),
  );
}

export const tags = ['auth'];
export const publicRoute = { access: 'public' as const };
