import { ZSessionProbe, type TSessionProbe } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSession } from '../../http/access';
import { publicRoute, tags, toAuthUser } from './sign-in-session';

/**
 * GET /api/auth/session: whether this browser is signed in (issue 32). The console asks on every
 * page load, and on the sign-in page the answer is "no": as `/api/auth/me` that was a 401, which
 * Chromium logs as a failed request each time. A route of its own rather than a flag on /me,
 * because /me's contract (the user, or 401 like every guarded route) stays as it is for the CLI,
 * the tests and anyone scripting the API, and the guard keeps one meaning per access level.
 * Public, so it reads the session itself, the way the guard does (the same activity rule: a
 * read the browser makes by itself does not keep the session alive). Without a valid session
 * it says only `signedIn: false`, the same for every cookie that is absent, made up, expired or
 * ended; with one, the session's own user, which /me would give that caller anyway.
 */
export const sessionProbeRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/session',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Whether this browser is signed in, and as whom (200 either way)',
        response: { 200: ZSessionProbe },
      },
    },
    async (request): Promise<TSessionProbe> => {
      const session = await readSession(app, request);
      if (!session) return { signedIn: false };
      request.session = session;
      return { signedIn: true, user: toAuthUser(session.user) };
    },
  );
};
