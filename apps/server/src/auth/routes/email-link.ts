import { ZAuthUser, ZCompleteEmailLinkRequest, ZOk, ZSendEmailLinkRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeSignInLink, sendSignInLink } from '../service';
import { authContext, publicRoute, startSession, tags, toAuthUser } from './sign-in-session';

/** POST /api/auth/email-link and /complete: sign-in by an e-mailed single-use link. */
export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { email, continueUrl, language } = request.body;
      await sendSignInLink(authContext(app, request), email, continueUrl, language);
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
      const { email, code, emailFromLink, language } = request.body;
      const user = await completeSignInLink(authContext(app, request), email, code, {
        emailFromLink,
        language,
      });
      await startSession(app, request, reply, user);
      return toAuthUser(user);
    },
  );
};
