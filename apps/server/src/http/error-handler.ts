import type { TApiError, TErrorRule, TFieldIssue } from '@ops/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { AppError } from '../errors';

/** Retry-After of a 503 answered while PostgreSQL is unreachable. */
export const databaseRetryAfterSeconds = 5;

function toFieldIssues(error: FastifyError & { validationContext?: string }): TFieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  // Fastify calls the query string "querystring"; every error names it `query.<field>`, as the
  // services' own checks of list parameters do.
  const context = error.validationContext ?? 'body';
  const where = context === 'querystring' ? 'query' : context;
  return error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return {
      path: field ? `${where}.${field}` : where,
      // A zod schema's issue code (`invalid_type`, `too_big`, …), all of them in `errorRules`.
      rule: issue.keyword as TErrorRule,
      message: issue.message ?? 'Invalid value',
    };
  });
}

/** A byte count as people write limits: 10 MB, 16 KB, 300 bytes. */
export function formatByteLimit(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function send(
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
  status: number,
  body: TApiError,
) {
  return reply.status(status).type('application/json').send(body);
}

/**
 * One error shape for every endpoint (contract ZApiError). Bad input is a 400 naming each field
 * and rule; whatever a client sends never produces a bare 500 with internals in it.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.statusCode, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.issues ? { issues: error.issues } : {}),
        },
      });
    }
    if (error.validation) {
      const issues = toFieldIssues(error);
      const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
      return send(reply, 400, {
        error: { code: 'invalid-argument', message: summary || error.message, issues },
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit (sign-in and webhooks take a few KB), else the API's 10 MB.
      const limit = formatByteLimit(request.routeOptions.bodyLimit);
      return send(reply, 413, {
        error: { code: 'payload-too-large', message: `The request body is larger than ${limit}.` },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, and the like.
      return send(reply, status, {
        error: { code: status === 404 ? 'not-found' : 'invalid-argument', message: error.message },
      });
    }
    if (isDatabaseUnreachable(error)) {
      // PostgreSQL stopped, restarting or cut off: a clear answer now, not a hang nor a 500.
      // The outage itself is logged once, by the pool (db/pool-watch.ts).
      request.log.debug({ err: error }, 'database unreachable');
      void reply.header('retry-after', String(databaseRetryAfterSeconds));
      return send(reply, 503, {
        error: {
          code: 'unavailable',
          message: 'The database cannot be reached right now. Try again in a moment.',
        },
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, {
      error: { code: 'internal', message: 'Something went wrong on our side. It has been logged.' },
    });
  });
}

/**
 * Errors Fastify meets before any route or hook runs (a path with broken percent-encoding,
 * FST_ERR_BAD_URL): the same 400 shape as every other refusal, with the same security headers,
 * instead of Fastify's own `{statusCode, code, error, message}`.
 */
export function frameworkErrorAnswer(error: FastifyError): {
  status: number;
  headers: Record<string, string>;
  body: TApiError;
} {
  return {
    status: error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    },
    body: { error: { code: 'invalid-argument', message: error.message } },
  };
}
