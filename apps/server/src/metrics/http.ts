import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Seconds; around the API's goals (p99 ≤ 100 ms) with room for slow exports. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Requests that matched no route share one label: a raw URL would make a series per path. */
export const unmatchedRoute = 'unmatched';

export type HttpMetrics = { duration: Histogram<'method' | 'route' | 'status'> };

export function httpMetrics(registry: Registry): HttpMetrics {
  return {
    duration: new Histogram({
      name: 'operations_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status: time from receiving the request to the end of the response (_count counts requests).',
      labelNames: ['method', 'route', 'status'],
      buckets: latencyBuckets,
      registers: [registry],
    }),
  };
}

/**
 * Times every request by the route it matched (`/api/members/:mid`, never the URL with its ids
 * or query). Event streams are left out: they are open for minutes by design, and are counted
 * by `operations_event_streams_open` instead.
 */
export function observeHttpRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.getHeader('content-type')?.toString().startsWith('text/event-stream')) return;
    const route = request.routeOptions.url ?? unmatchedRoute;
    const method = knownMethods.has(request.method) ? request.method : 'OTHER';
    metrics.duration.observe(
      { method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1_000,
    );
  });
}
