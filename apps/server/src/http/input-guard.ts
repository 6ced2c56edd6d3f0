import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { findUnstorableText, type FoundProblem } from '../lib/storable-text';

/** The first string of a request PostgreSQL cannot take: headers, path, query, then body. */
function findInRequest(request: FastifyRequest): FoundProblem | null {
  return (
    findUnstorableText(request.headers, 'headers') ??
    findUnstorableText(request.params, 'params') ??
    findUnstorableText(request.query, 'query') ??
    // A parsed JSON body; a streamed one (a CSV upload, a multipart file) is not an object bag
    // and is left to its reader (uploads/ checks CSV cells, file names are cleaned).
    findUnstorableText(request.body, 'body')
  );
}

/**
 * Refuses (400 naming the field) every request holding a string PostgreSQL cannot store: the
 * NUL character or a lone surrogate, anywhere in the headers, path, query or parsed body, at
 * any depth, object keys included; and values nested deeper than any request needs. It runs
 * once the body is parsed and before the route's own validation, so no such string reaches a
 * handler, let alone a query (where NUL was a 500).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = findInRequest(request);
    if (!found) return;
    const { path, problem } = found;
    throw new AppError('invalid-argument', `${path}: ${problem.message}`, {
      issues: [{ path, rule: problem.rule, message: problem.message }],
    });
  });
}
