import fastifyMultipart from '@fastify/multipart';
import {
  applicationDocumentTypes,
  applicationsList as applicationsListColumns,
  listExportColumns,
  maxApplicationDocumentBytes,
  ZApplicationActionRequest,
  ZApplicationActionResult,
  ZApplicationDetail,
  ZApplicationDocumentParams,
  ZApplicationDocumentUploadResult,
  ZApplicationParams,
  ZApplicationsListPage,
  ZApplicationsListQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { sendListExport } from '../lists/run-list';
import { getApplicationDetail } from './detail';
import {
  deleteApplicationDocument,
  documentContentSecurityPolicy,
  getApplicationDocumentFile,
  inlineDisposition,
  uploadApplicationDocument,
} from './documents';
import { applicationsList, listApplications } from './list';
import { runApplicationAction } from './workflow';

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
const exportColumns = listExportColumns(applicationsListColumns);

const ZUploadQuery = z.object({
  type: z.enum(applicationDocumentTypes).describe('What the document is'),
});

const ZDeleteDocumentQuery = z.object({
  version: z.coerce.number().int().min(1).describe('The version of the application you read'),
});

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: only these routes parse multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxApplicationDocumentBytes, files: 1, fields: 0, parts: 2 },
  });

  app.get(
    '/api/applications',
    {
      schema: {
        tags: ['applications'],
        summary:
          'The applications list, the review queue first: filters per column, full-text q, sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
        querystring: ZApplicationsListQuery,
        response: { 200: ZApplicationsListPage },
      },
    },
    async (request) => listApplications(app.deps.db, request.query),
  );

  app.get(
    '/api/applications/export',
    {
      schema: {
        tags: ['applications'],
        summary:
          'CSV of every application the same filters, q and sort select (not only a page), streamed',
        querystring: ZApplicationsListQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) =>
      sendListExport(request, reply, {
        db: app.deps.db,
        list: applicationsList,
        query: request.query,
        columns: exportColumns,
        filename: 'applications',
      }),
  );

  app.get(
    '/api/applications/:aid',
    {
      schema: {
        tags: ['applications'],
        summary: 'One application with its company, contacts, endorsement, documents and outcome',
        params: ZApplicationParams,
        response: { 200: ZApplicationDetail },
      },
    },
    async (request) => getApplicationDetail(app.deps.db, request.params.aid),
  );

  app.post(
    '/api/applications/:aid/actions',
    {
      config: { permission: 'applications.review' },
      schema: {
        tags: ['applications'],
        summary:
          'One step of the review workflow (submit, endorsement, review, request information, approve, reject, withdraw); approving creates the member, links the applicant, issues the first invoice and queues the e-mail in one transaction',
        params: ZApplicationParams,
        body: ZApplicationActionRequest,
        response: { 200: ZApplicationActionResult },
      },
    },
    async (request) =>
      runApplicationAction(
        { db: app.deps.db, mailFrom: app.deps.config.mailFrom },
        operatorActor(request),
        request.params.aid,
        request.body,
      ),
  );

  app.post(
    '/api/applications/:aid/documents',
    {
      config: { permission: 'applications.review' },
      schema: {
        tags: ['applications'],
        summary:
          'Upload one document (multipart/form-data, field "file"): a PDF, PNG, JPEG or WebP of at most 10 MB, recognised by its content',
        params: ZApplicationParams,
        querystring: ZUploadQuery,
        response: { 200: ZApplicationDocumentUploadResult },
      },
    },
    async (request) => {
      let bytes: Buffer;
      let fileName: string | undefined;
      try {
        const part = await request.file();
        if (!part) throw new AppError('invalid-argument', 'missing');
        fileName = part.filename;
        bytes = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('payload-too-large', 'The file is larger than 10 MB.');
        }
        if (
          code === 'FST_FILES_LIMIT' ||
          code === 'FST_PARTS_LIMIT' ||
          code === 'FST_FIELDS_LIMIT'
        ) {
          throw new AppError('invalid-argument', 'Send exactly one file, in the field "file".', {
            issues: [{ path: 'body.file', rule: 'too_big', message: 'one file per upload' }],
          });
        }
        const message =
          'Send the document as multipart/form-data with one file in the field "file".';
        throw new AppError('invalid-argument', message, {
          issues: [{ path: 'body.file', rule: 'required', message }],
        });
      }
      return uploadApplicationDocument(app.deps.db, operatorActor(request), request.params.aid, {
        type: request.query.type,
        fileName,
        bytes,
      });
    },
  );

  app.get(
    '/api/applications/:aid/documents/:documentId',
    {
      schema: {
        tags: ['applications'],
        summary:
          'The bytes of a stored document, inline, with the content type its content was recognised as',
        params: ZApplicationDocumentParams,
      },
    },
    async (request, reply) => {
      const file = await getApplicationDocumentFile(
        app.deps.db,
        request.params.aid,
        request.params.documentId,
      );
      return reply
        .type(file.content_type)
        .header('content-disposition', inlineDisposition(file.file_name))
        .header('content-security-policy', documentContentSecurityPolicy)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('etag', `"${file.sha256}"`)
        .send(file.content);
    },
  );

  app.delete(
    '/api/applications/:aid/documents/:documentId',
    {
      config: { permission: 'applications.review' },
      schema: {
        tags: ['applications'],
        summary: 'Remove a document uploaded by mistake (the application must still be open)',
        params: ZApplicationDocumentParams,
        querystring: ZDeleteDocumentQuery,
        response: { 200: ZApplicationDetail },
      },
    },
    async (request) =>
      deleteApplicationDocument(
        app.deps.db,
        operatorActor(request),
        request.params.aid,
        request.params.documentId,
        request.query.version,
      ),
  );
};
