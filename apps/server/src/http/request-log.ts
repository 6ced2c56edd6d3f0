import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { urlForLog } from '../logger';

/**
 * A request slower than this is logged at `info` (a person reading the log should see it); the
 * console's own goal is a p99 of 100 ms, so 500 ms is slow by any measure and rare enough that
 * logging each one is no noise.
 */
export const slowRequestMs = 500;

/**
 * One line per request, once it is answered, instead of Fastify's "incoming request" and
 * "request completed" pair at `info` (a terminal full of them hides everything else). Server
 * errors (5xx, or a response that broke off) at `error`, slow requests at `info`, everything
 * else at `debug`. A 4xx is ordinary work of the API (a validation error, a 401 when a session
 * ended, a 404 from a stale link): the client was told why, so it is not worth a line at
 * `info`. Fastify's `logController` is the place for this (its `disableRequestLogging` option
 * is deprecated, and a hook would not see responses that broke off).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The request is logged once, when it is answered.
  }

  override routeNotFound(): void {
    // A 404 is logged with its request (at debug), like every other answer.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const responseTimeMs = Math.round(reply.elapsedTime);
    const isFailure = status >= 500 || Boolean(error);
    const isSlow = responseTimeMs > slowRequestMs;
    // A 503 is the answer while PostgreSQL is unreachable (http/error-handler.ts): the outage is
    // logged once by the pool's watch, so each refused request is a warning, not an error.
    const isUnavailable = status === 503;
    const level = isUnavailable ? 'warn' : isFailure ? 'error' : isSlow ? 'info' : 'debug';
    reply.log[level](
      {
        method: request.method,
        // The query string may carry a sign-in code: the URL as logs may show it.
        url: urlForLog(request.url),
        status,
        responseTimeMs,
        route: request.routeOptions.url,
        ...(error ? { err: error } : {}),
      },
      isUnavailable
        ? 'request refused: database unavailable'
        : isFailure
          ? 'request failed'
          : isSlow
            ? 'slow request'
            : 'request',
    );
  }
}
