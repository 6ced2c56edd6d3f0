import {
  callableStatusByHttpStatus,
  ZCallableError,
  ZCallableRequest,
  ZSearchParams,
  ZSearchParamsInput,
} from '@ops/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { AppError } from '../errors';
import { sessionReference } from '../auth';
import { requireSession } from '../http/access';
import { issueSearchKey } from '../search';

function callableStatus(httpStatus: number): string {
  return (callableStatusByHttpStatus as Record<number, string>)[httpStatus] ?? 'UNKNOWN';
}

/**
 * The cloud functions of spec §7, on the callable protocol: `POST /functions/{name}` with
 * `{"data": …}`, answered `{"result": …}` or `{"error": {status, message, details?}}` with the
 * HTTP status of spec §8. The session cookie stands in for the Bearer token of a hosted
 * function (same origin, HttpOnly), and the access guard refuses non-operators before the body.
 */
export const functionRoutes: FastifyPluginAsyncZod = async (app) => {
  // This scope answers in the callable shape rather than the API's own error shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let httpStatus: number;
    let message: string;
    let details: unknown;
    if (error instanceof AppError) {
      httpStatus = error.statusCode;
      message = error.message;
      details = error.issues;
    } else if (error.validation) {
      httpStatus = 400;
      message = error.message;
      details = error.validation;
    } else if ((error.statusCode ?? 500) < 500) {
      httpStatus = error.statusCode ?? 400;
      message = error.message;
    } else if (isDatabaseUnreachable(error)) {
      // Logged once by the pool (db/pool-watch.ts); the caller may try again in a moment.
      httpStatus = 503;
      message = 'The database cannot be reached right now. Try again in a moment.';
    } else {
      request.log.error({ err: error }, 'function failed');
      httpStatus = 500;
      message = 'INTERNAL';
    }
    return reply.status(httpStatus).send({
      error: {
        status: callableStatus(httpStatus),
        message,
        ...(details === undefined ? {} : { details }),
      },
    });
  });

  app.post(
    '/functions/searchParams',
    {
      schema: {
        tags: ['functions'],
        summary:
          'Where to search and with which key: the search service base URL and a signed, search-only key for the index, valid one hour',
        // The protocol: a body with fields beside `data` is malformed (400 INVALID_ARGUMENT).
        body: ZCallableRequest.extend({ data: ZSearchParamsInput }).strict(),
        response: {
          200: z.object({ result: ZSearchParams }),
          '4xx': ZCallableError,
        },
      },
    },
    async (request) => {
      const { user, tokenHash } = requireSession(request);
      const index = app.deps.config.searchIndex;
      const { apiKey, expiresAt } = await issueSearchKey(app.deps.db, {
        uid: user.uid,
        index,
        session: sessionReference(tokenHash),
      });
      return {
        result: {
          // The search service is this server; the browser reaches it at the address it used.
          // At the public host that is PUBLIC_URL's origin: behind a TLS proxy that is not
          // trusted for X-Forwarded-Proto (TRUST_PROXY unset), the request itself says http.
          host:
            request.host === new URL(app.deps.config.publicUrl).host
              ? new URL(app.deps.config.publicUrl).origin
              : `${request.protocol}://${request.host}`,
          apiKey,
          index,
          expiresAt: expiresAt.toISOString(),
        },
      };
    },
  );
};
