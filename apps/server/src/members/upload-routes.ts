import { Readable } from 'node:stream';
import {
  ZMemberUpload,
  ZMemberUploadCommitBody,
  ZMemberUploadInvalidRows,
  ZMemberUploadParams,
  ZMemberUploadQuery,
  ZMemberUploadRowsQuery,
  ZMemberUploadValidateBody,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../audit/record';
import { AppError } from '../errors';
import { requireSession } from '../http/access';
import {
  commitUpload,
  createUpload,
  getUpload,
  listInvalidRows,
  rejectedRowsCsv,
  searchIndexingSettled,
  validateUpload,
} from './upload-service';

/** Content types a browser or a script may send a CSV file with, read as raw bytes. */
const fileContentTypes = ['application/octet-stream', 'text/csv', 'application/vnd.ms-excel'];

/**
 * Member CSV upload (`/members/upload`): send the file, map and validate, list the invalid rows,
 * commit, download the rejected rows. Writes need `members.edit`.
 */
export const memberUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's scope only: the file is streamed into the database as it arrives, never
  // buffered whole (the service enforces its own 50 MB limit).
  app.addContentTypeParser(fileContentTypes, (_request, payload, done) => done(null, payload));
  app.addHook('onClose', async () => searchIndexingSettled());

  const deps = () => ({ db: app.deps.db, pool: app.deps.pool });
  const actorOf = (request: Parameters<typeof requireSession>[0]): Actor => ({
    kind: 'operator',
    uid: requireSession(request).user.uid,
  });

  app.post(
    '/api/members/uploads',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Upload a members CSV file (raw bytes, application/octet-stream or text/csv, ≤ 50 MB): encoding, separator and header detected, mapping guessed',
        querystring: ZMemberUploadQuery,
        response: { 201: ZMemberUpload },
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
      const upload = await createUpload(deps(), actorOf(request), {
        filename: request.query.filename,
        body,
      });
      return reply.status(201).send(upload);
    },
  );

  app.get(
    '/api/members/uploads/:id',
    {
      schema: {
        tags: ['members'],
        summary:
          'A member upload: detection, mapping, progress of the running step, counts, result',
        params: ZMemberUploadParams,
        response: { 200: ZMemberUpload },
      },
    },
    async (request) => getUpload(deps(), request.params.id),
  );

  app.post(
    '/api/members/uploads/:id/validate',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Validate every row through the mapping; answers the counts (invalid, new, changed, unchanged) when done',
        params: ZMemberUploadParams,
        body: ZMemberUploadValidateBody,
        response: { 200: ZMemberUpload },
      },
    },
    async (request) => validateUpload(deps(), request.params.id, request.body.mapping),
  );

  app.get(
    '/api/members/uploads/:id/invalid-rows',
    {
      schema: {
        tags: ['members'],
        summary: 'The invalid rows of a validated upload, by line, with the reason and the cells',
        params: ZMemberUploadParams,
        querystring: ZMemberUploadRowsQuery,
        response: { 200: ZMemberUploadInvalidRows },
      },
    },
    async (request) => listInvalidRows(deps(), request.params.id, request.query),
  );

  app.post(
    '/api/members/uploads/:id/commit',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Commit the validated rows (insert new numbers, update changed members, leave identical ones): all-or-nothing or valid rows only',
        params: ZMemberUploadParams,
        body: ZMemberUploadCommitBody,
        response: { 200: ZMemberUpload },
      },
    },
    async (request) => commitUpload(deps(), actorOf(request), request.params.id, request.body.mode),
  );

  app.get(
    '/api/members/uploads/:id/rejected.csv',
    {
      schema: {
        tags: ['members'],
        summary:
          'The rejected rows as CSV: line, reason and the original cells, to fix and upload again',
        params: ZMemberUploadParams,
      },
    },
    async (request, reply) => {
      const upload = await getUpload(deps(), request.params.id);
      const base = upload.filename.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'members';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-rejected.csv"`)
        .send(Readable.from(rejectedRowsCsv(deps(), upload.id)));
    },
  );
};
