import { ZOk } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, readSession } from '../../http/access';
import { revokeSession } from '../sessions';
import { publicRoute, tags } from './sign-in-session';

/** POST /api/auth/sign-out: ends this browser's session. */
export const signOutRoute: FastifyPluginAsyncZod = async (app) => {
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
