import {
  ZAuthUser,
  ZCheckPasswordResetRequest,
  ZCheckPasswordResetResponse,
  ZCompleteEmailLinkRequest,
  ZCompletePasswordResetRequest,
  ZOk,
  ZPasswordSignInRequest,
  ZRedirectResult,
  ZSendEmailLinkRequest,
  ZSendPasswordResetRequest,
  ZSignInMethodsRequest,
  ZSignInMethodsResponse,
  ZStartMicrosoftSignInRequest,
  ZStartMicrosoftSignInResponse,
  type TAuthUser,
  type TRedirectResult,
} from '@ops/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { User } from '../db/schema';
import {
  clearSessionCookie,
  readSession,
  requireSession,
  sessionCookieOptions,
  sessionPolicy,
} from '../http/access';
import {
  finishMicrosoftSignIn,
  microsoftCallbackPath,
  redirectCookieNameFor,
  redirectLifetimeMs,
  startMicrosoftSignIn,
  takeRedirectResult,
} from './microsoft';
import {
  checkPasswordResetCode,
  completePasswordReset,
  completeSignInLink,
  getSignInMethods,
  sendPasswordResetLink,
  sendSignInLink,
  signInWithPassword,
  type AuthContext,
} from './service';
import { createSession, revokeSession, sessionCookieNameFor } from './sessions';

export function toAuthUser(user: User): TAuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.display_name,
    photoURL: user.photo_url,
  };
}

function authContext(app: FastifyInstance, request: FastifyRequest): AuthContext {
  return { db: app.deps.db, config: app.deps.config, throttle: app.deps.throttle, ip: request.ip };
}

/** A new session for the user; the browser's previous one, if any, ends (rotation). */
async function startSession(
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
  const { publicUrl } = app.deps.config;
  reply.setCookie(
    sessionCookieNameFor(publicUrl),
    token,
    sessionCookieOptions(publicUrl, expiresAt),
  );
}

const tags = ['auth'];
const publicRoute = { access: 'public' as const };

/**
 * The largest body a sign-in call takes. Its fields are an address, a password (1 KB at most), a
 * code and a continue URL (2 KB at most); anyone may call these routes, so nobody may make the
 * server read 10 MB (the API's limit) to be told no.
 */
export const signInBodyLimit = 16 * 1024;

/** Our authentication provider: the calls of spec §7, as plain HTTP. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's routes only (it is encapsulated): each takes a small body at most.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= signInBodyLimit;
  });

  app.post(
    '/api/auth/methods',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'The sign-in methods of an e-mail address',
        body: ZSignInMethodsRequest,
        response: { 200: ZSignInMethodsResponse },
      },
    },
    async (request) => ({
      methods: await getSignInMethods(authContext(app, request), request.body.email),
    }),
  );

  app.post(
    '/api/auth/password',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZPasswordSignInRequest,
        response: { 200: ZAuthUser },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await signInWithPassword(authContext(app, request), email, password);
      await startSession(app, request, reply, user);
      return toAuthUser(user);
    },
  );

  app.post(
    '/api/auth/email-link',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'E-mail a single-use sign-in link (same answer for unknown addresses)',
        body: ZSendEmailLinkRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await sendSignInLink(authContext(app, request), request.body.email, request.body.continueUrl);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/email-link/complete',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sign in with the code of an e-mailed link',
        body: ZCompleteEmailLinkRequest,
        response: { 200: ZAuthUser },
      },
    },
    async (request, reply) => {
      const { email, code } = request.body;
      const user = await completeSignInLink(authContext(app, request), email, code);
      await startSession(app, request, reply, user);
      return toAuthUser(user);
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'E-mail a single-use password-reset link (same answer for unknown addresses)',
        body: ZSendPasswordResetRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      const { email, continueUrl } = request.body;
      await sendPasswordResetLink(authContext(app, request), email, continueUrl);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset/check',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'The account a password-reset code belongs to',
        body: ZCheckPasswordResetRequest,
        response: { 200: ZCheckPasswordResetResponse },
      },
    },
    async (request) => ({
      email: await checkPasswordResetCode(authContext(app, request), request.body.code),
    }),
  );

  app.post(
    '/api/auth/password-reset/complete',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Set a new password with a reset code; every session of the account ends',
        body: ZCompletePasswordResetRequest,
        response: { 200: ZOk },
      },
    },
    async (request) => {
      const { code, password } = request.body;
      await completePasswordReset(authContext(app, request), code, password);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/microsoft',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Start sign-in with Microsoft (OpenID Connect, by redirect)',
        body: ZStartMicrosoftSignInRequest,
        response: { 200: ZStartMicrosoftSignInResponse },
      },
    },
    async (request, reply) => {
      const { url, bindingToken } = await startMicrosoftSignIn(
        app.deps.db,
        app.deps.config,
        request.body.continueUrl,
      );
      reply.setCookie(redirectCookieNameFor(app.deps.config.publicUrl), bindingToken, {
        ...sessionCookieOptions(app.deps.config.publicUrl),
        maxAge: redirectLifetimeMs / 1000,
      });
      return { url };
    },
  );

  app.get(
    microsoftCallbackPath,
    {
      config: publicRoute,
      schema: { tags, summary: 'Where Microsoft sends the browser back', hide: true },
    },
    async (request, reply) => {
      const callbackUrl = new URL(request.url, app.deps.config.publicUrl);
      const outcome = await finishMicrosoftSignIn(
        app.deps.db,
        app.deps.config,
        request.cookies[redirectCookieNameFor(app.deps.config.publicUrl)],
        callbackUrl,
      );
      if (outcome.user) await startSession(app, request, reply, outcome.user);
      return reply.redirect(outcome.continueUrl, 303);
    },
  );

  app.post(
    '/api/auth/redirect-result',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'The outcome of the last sign-in by redirect, read once',
        response: { 200: ZRedirectResult },
      },
    },
    async (request, reply) => {
      const result = await takeRedirectResult(
        app.deps.db,
        request.cookies[redirectCookieNameFor(app.deps.config.publicUrl)],
      );
      if (request.cookies[redirectCookieNameFor(app.deps.config.publicUrl)]) {
        reply.clearCookie(
          redirectCookieNameFor(app.deps.config.publicUrl),
          sessionCookieOptions(app.deps.config.publicUrl),
        );
      }
      return { result: result as TRedirectResult['result'] };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user', response: { 200: ZAuthUser } },
    },
    async (request) => toAuthUser(requireSession(request).user),
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: publicRoute,
      schema: { tags, summary: 'End this session', response: { 200: ZOk } },
    },
    async (request, reply) => {
      const session = await readSession(app, request);
      if (session) await revokeSession(app.deps.db, session.tokenHash);
      clearSessionCookie(app, reply);
      return { ok: true as const };
    },
  );
};
