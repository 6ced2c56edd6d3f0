import { ZAuthUser } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/access';
import { tags, toAuthUser } from './sign-in-session';

/** GET /api/auth/me: the signed-in user (any valid session). */
export const currentUserRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user', response: { 200: ZAuthUser } },
    },
    async (request) => toAuthUser(requireSession(request).user),
  );
};
