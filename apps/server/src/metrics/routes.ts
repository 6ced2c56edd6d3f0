import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { hasMetricsToken } from './token';

/**
 * `GET /metrics` on the main port, in Prometheus' text format, when METRICS_TOKEN is set: the
 * session guard does not apply (a scraper has no session), the token does, as a Bearer token.
 * Without a token the path is a 404 like any unknown one: the metrics are then either off or
 * served on METRICS_PORT alone (`listener.ts`).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Prometheus metrics (text format) of this instance; only with METRICS_TOKEN set, sent as `Authorization: Bearer <token>`',
      },
    },
    async (request, reply) => {
      const { token } = app.deps.config.metrics;
      if (token === undefined) throw new AppError('not-found', 'No route GET /metrics');
      if (!hasMetricsToken(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('unauthenticated', 'The metrics need the Bearer token METRICS_TOKEN.');
      }
      const { registry } = app.deps.metrics;
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    },
  );
};
