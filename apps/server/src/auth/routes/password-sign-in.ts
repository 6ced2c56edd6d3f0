import { ZAuthUser, ZPasswordSignInRequest } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInWithPassword } from '../service';
import { authContext, publicRoute, startSession, tags, toAuthUser } from './sign-in-session';

/** POST /api/auth/password: sign-in with e-mail and password. */
export const passwordSignInRoute: FastifyPluginAsyncZod = async (app) => {
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
};
