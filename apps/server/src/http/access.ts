import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  backgroundRequestHeader,
  can,
  permissionDeniedMessage,
  type OperatorAction,
} from '@ops/contract';
import fp from 'fastify-plugin';
import {
  findSession,
  sessionCookieNameFor,
  type SessionContext,
  type SessionPolicy,
} from '../auth';
import type { Audience } from '../db/schema';
import { AppError } from '../errors';
import { isApiPath } from './spa';

/**
 * Who may call a route: anyone (`public`: sign-in, health checks, signed webhooks, the metrics
 * with their own Bearer token, the app's files), any signed-in user (`user`: their own session
 * and operator status), or only operators (`operator`). API routes that declare nothing are
 * `operator`: a new route cannot slip through unguarded.
 */
export type Access = 'public' | 'user' | 'operator';

export type RouteAccess = {
  method: string;
  url: string;
  access: Access;
  permission: OperatorAction | undefined;
};

declare module 'fastify' {
  // Fastify's extension points are interfaces; declaration merging needs them here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    access?: Access;
    /** The operator action a route performs (contract permissions); checked before the body. */
    permission?: OperatorAction;
    /**
     * `false` on routes the browser calls by itself (an event stream reconnecting): they do not
     * keep a session from idling out (SESSION_IDLE_MINUTES); only a person's requests do.
     */
    countsAsActivity?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The caller's valid session, read once per request when the route needs it. */
    session: SessionContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every route with the access it ended up with; tests walk it to prove the guard. */
    routeAccess: RouteAccess[];
  }
}

/** The API documentation (Swagger UI and the OpenAPI document). */
const apiDocsPrefix = '/api/docs';

/**
 * A route that declares no access: the browser app's files are public, the API is for operators.
 * The API documentation maps every route an attacker could try, so it is for operators too,
 * unless API_DOCS_PUBLIC opens it.
 */
function defaultAccess(url: string, apiDocsPublic: boolean, audience: Audience): Access {
  const isApiDocs = url === apiDocsPrefix || url.startsWith(`${apiDocsPrefix}/`);
  // The portal's API is the public's own (its people, the endorsement links): its map is no
  // secret, and the operating contract points scripts at it.
  if (isApiDocs && (apiDocsPublic || audience === 'portal')) return 'public';
  if (!isApiPath(url)) return 'public';
  // On the portal nobody is an operator: a route that declares nothing is for its signed-in people.
  return audience === 'portal' ? 'user' : 'operator';
}

export function sessionCookieOptions(publicUrl: string, expires?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    ...(expires ? { expires } : {}),
  };
}

/** Reads and validates the session cookie of a request (null when absent or no longer valid). */
export async function readSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<SessionContext | null> {
  const { face } = app.deps;
  const token = request.cookies[sessionCookieNameFor(face.url, face.audience)];
  if (!token) return null;
  return findSession(app.deps.db, sessionPolicy(app), token, {
    // Streams never count as the person's activity, nor do reads the browser makes by itself.
    touch:
      request.routeOptions.config.countsAsActivity !== false &&
      request.headers[backgroundRequestHeader] !== '1',
  });
}

/** The session of a route declared `user` or `operator` (the guard has already checked it). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('unauthenticated', 'Sign in first.');
  return request.session;
}

/**
 * Refuses (403) an operator whose roles do not allow the action. Routes declare theirs in
 * `config.permission`; a service that decides per record calls this itself.
 */
export function requirePermission(request: FastifyRequest, action: OperatorAction): void {
  const session = requireSession(request);
  if (!session.isOperator || !can(session.roles, action)) {
    throw new AppError('permission-denied', permissionDeniedMessage(action));
  }
}

export function sessionPolicy(app: FastifyInstance): SessionPolicy {
  return {
    idleMs: app.deps.config.sessionIdleMs,
    maxAgeMs: app.deps.config.sessionMaxAgeMs,
    audience: app.deps.face.audience,
  };
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  const { face } = app.deps;
  reply.clearCookie(sessionCookieNameFor(face.url, face.audience), sessionCookieOptions(face.url));
}

/**
 * Cookies, the session of each request, and the guard that refuses the unauthenticated (401)
 * and non-operators (403) before the body is even parsed.
 */
export const accessControl = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCookie);
  app.decorateRequest('session', null);
  app.decorate('routeAccess', [] as RouteAccess[]);
  const { apiDocsPublic } = app.deps.config;
  const { audience } = app.deps.face;

  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? defaultAccess(route.url, apiDocsPublic, audience);
    route.config = { ...route.config, access };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const permission = route.config?.permission;
    for (const method of methods) {
      app.routeAccess.push({ method, url: route.url, access, permission });
    }
  });

  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers 404 (or the app, for a browser path).
    if (request.routeOptions.url === undefined) return;
    const access =
      request.routeOptions.config.access ?? defaultAccess(request.url, apiDocsPublic, audience);
    if (access === 'public') return;
    request.session = await readSession(app, request);
    if (!request.session) throw new AppError('unauthenticated', 'Sign in first.');
    if (access === 'operator' && !request.session.isOperator) {
      throw new AppError('permission-denied', `${request.session.user.email} is not an operator.`);
    }
    const { permission } = request.routeOptions.config;
    if (permission) requirePermission(request, permission);
  });
});
