import { Readable } from 'node:stream';
import {
  ZUploadCommitBody,
  ZUploadInvalidRows,
  ZUploadParams,
  ZUploadRowsQuery,
  type OperatorAction,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../db/audit';
import { AppError } from '../errors';
import { requireSession } from '../http/access';
import { mailContextOf } from '../http/mail-context';
import { commitUpload } from './commit';
import { uploadFollowUpsSettled } from './follow-up';
import { listInvalidRows, rejectedRowsCsv, rejectedRowsFileName } from './invalid-rows';
import type { UploadKind } from './kind';
import { createUpload } from './store';
import { validateUpload } from './validate';
import { getUpload } from './view';

/** Content types a browser or a script may send a CSV file with, read as raw bytes. */
const fileContentTypes = ['application/octet-stream', 'text/csv', 'application/vnd.ms-excel'];

export type UploadRoutesOptions = {
  kind: UploadKind;
  /** `/api/members/uploads` */
  basePath: string;
  /** OpenAPI tag. */
  tag: string;
  /** "members", "invoices" in summaries. */
  plural: string;
  /** The action every write needs (`members.edit`). */
  permission: OperatorAction;
  /** The import's own shapes: its upload (mapping, counts), the file's query, the mapping. */
  schemas: { upload: z.ZodType; fileQuery: z.ZodType; validateBody: z.ZodType };
};

/**
 * The routes of one CSV import, the same for every kind: send the file, map and validate, list
 * the invalid rows, commit, download the rejected rows. Writes need the import's permission.
 */
export function uploadRoutes(options: UploadRoutesOptions): FastifyPluginAsyncZod {
  const { kind, basePath, tag, plural, permission, schemas } = options;
  return async (app) => {
    // This plugin's scope only: the file is streamed into the database as it arrives, never
    // buffered whole (the pipeline enforces its own size limit).
    app.addContentTypeParser(fileContentTypes, (_request, payload, done) => done(null, payload));
    app.addHook('onClose', async () => uploadFollowUpsSettled());

    const deps = () => ({
      db: app.deps.db,
      pool: app.deps.pool,
      config: mailContextOf(app),
      log: app.log,
    });
    const actorOf = (request: Parameters<typeof requireSession>[0]): Actor => ({
      kind: 'operator',
      uid: requireSession(request).user.uid,
    });

    app.post(
      basePath,
      {
        config: { permission },
        schema: {
          tags: [tag],
          summary: `Upload a ${plural} CSV file (raw bytes, application/octet-stream or text/csv, ≤ ${kind.maxBytes / 1024 / 1024} MB): encoding, separator and header detected, mapping guessed`,
          querystring: schemas.fileQuery,
          response: { 201: schemas.upload },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!(body instanceof Readable)) {
          throw new AppError(
            'invalid-argument',
            'Send the file itself as the body, with Content-Type application/octet-stream or text/csv.',
            {
              issues: [
                {
                  path: 'body',
                  rule: 'content-type',
                  message: 'The body must be the CSV file (application/octet-stream or text/csv).',
                },
              ],
            },
          );
        }
        const query = request.query as { filename: string };
        const upload = await createUpload(kind, deps(), actorOf(request), {
          filename: query.filename,
          body,
        });
        return reply.status(201).send(upload);
      },
    );

    app.get(
      `${basePath}/:id`,
      {
        schema: {
          tags: [tag],
          summary: `A ${kind.noun} upload: detection, mapping, progress of the running step, counts, result`,
          params: ZUploadParams,
          response: { 200: schemas.upload },
        },
      },
      async (request) => getUpload(kind, deps(), request.params.id),
    );

    app.post(
      `${basePath}/:id/validate`,
      {
        config: { permission },
        schema: {
          tags: [tag],
          summary:
            'Validate every row through the mapping; answers the counts (invalid, new, changed, unchanged) when done',
          params: ZUploadParams,
          body: schemas.validateBody,
          response: { 200: schemas.upload },
        },
      },
      async (request) => {
        const body = request.body as { mapping: Record<string, number> };
        return await validateUpload(kind, deps(), request.params.id, body.mapping);
      },
    );

    app.get(
      `${basePath}/:id/invalid-rows`,
      {
        schema: {
          tags: [tag],
          summary: 'The invalid rows of a validated upload, by line, with the reason and the cells',
          params: ZUploadParams,
          querystring: ZUploadRowsQuery,
          response: { 200: ZUploadInvalidRows },
        },
      },
      async (request) => listInvalidRows(kind, deps(), request.params.id, request.query),
    );

    app.post(
      `${basePath}/:id/commit`,
      {
        config: { permission },
        schema: {
          tags: [tag],
          summary: `Commit the validated rows (insert new numbers, update changed ${plural}, leave identical ones): all-or-nothing or valid rows only`,
          params: ZUploadParams,
          body: ZUploadCommitBody,
          response: { 200: schemas.upload },
        },
      },
      async (request) =>
        await commitUpload(kind, deps(), actorOf(request), request.params.id, request.body.mode),
    );

    app.get(
      `${basePath}/:id/rejected.csv`,
      {
        schema: {
          tags: [tag],
          summary:
            'The rejected rows as CSV: line, reason and the original cells, to fix and upload again',
          params: ZUploadParams,
        },
      },
      async (request, reply) => {
        const filename = await rejectedRowsFileName(kind, deps(), request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(Readable.from(rejectedRowsCsv(kind, deps(), request.params.id)));
      },
    );
  };
}
