import {
  ZCheckPasswordResetRequest,
  ZCheckPasswordResetResponse,
  ZCompletePasswordResetRequest,
  ZOk,
  ZSendPasswordResetRequest,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkPasswordResetCode, completePasswordReset, sendPasswordResetLink } from '../service';
import { authContext, publicRoute, tags } from './sign-in-session';

/** POST /api/auth/password-reset, /check and /complete: a password reset by e-mailed link. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
