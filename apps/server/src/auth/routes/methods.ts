import { ZSignInMethodsRequest, ZSignInMethodsResponse } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSignInMethods } from '../service';
import { authContext, publicRoute, tags } from './sign-in-session';

/** POST /api/auth/methods: how an address may sign in. */
export const signInMethodsRoute: FastifyPluginAsyncZod = async (app) => {
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
};
