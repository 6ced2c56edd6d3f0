import {
  ZRedirectResult,
  ZStartMicrosoftSignInRequest,
  ZStartMicrosoftSignInResponse,
  type TRedirectResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionCookieOptions } from '../../http/access';
import {
  finishMicrosoftSignIn,
  microsoftCallbackPath,
  redirectCookieNameFor,
  redirectLifetimeMs,
  startMicrosoftSignIn,
  takeRedirectResult,
} from '../microsoft';
import { publicRoute, startSession, tags } from './sign-in-session';

/**
 * Sign-in with Microsoft by redirect: start (POST /api/auth/microsoft), Microsoft's callback, and
 * the outcome read once by the browser (POST /api/auth/redirect-result).
 */
export const microsoftSignInRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
