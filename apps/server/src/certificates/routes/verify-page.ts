import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import {
  renderTooManyChecks,
  renderVerificationForm,
  renderVerificationPage,
  verifyCertificate,
} from '../verify';

/** Checks per address and minute on the public verification page (in memory, per instance). */
export const verifyRateLimit = { points: 60, durationSeconds: 60 };

/** The public page's headers: nothing to frame it, no script, no referrer, never cached. */
function sendPublicPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(html);
}

/** GET /verify and /verify/:code: the public verification form and page. */
export const verifyPageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public verification page: no sign-in, one indexed read, limited per address.
  const limiter = new RateLimiterMemory({
    points: verifyRateLimit.points,
    duration: verifyRateLimit.durationSeconds,
  });
  const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    try {
      await limiter.consume(request.ip);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      reply.header('retry-after', String(seconds));
      await sendPublicPage(reply, 429, renderTooManyChecks(seconds));
      return false;
    }
  };

  app.get(
    '/verify',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        querystring: z.object({ code: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const code = request.query.code?.trim();
      if (code) return reply.redirect(`/verify/${encodeURIComponent(code.toUpperCase())}`, 303);
      return sendPublicPage(reply, 200, renderVerificationForm());
    },
  );

  app.get(
    '/verify/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['certificates'],
        summary:
          'Public page: whether the certificate of this verification code is valid, for whom and until when (HTML, no sign-in)',
        params: z.object({ code: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      if (!(await admit(request, reply))) return reply;
      const verification = await verifyCertificate(app.deps.db, request.params.code);
      return sendPublicPage(
        reply,
        verification.state === 'not-found' ? 404 : 200,
        renderVerificationPage(verification),
      );
    },
  );
};
