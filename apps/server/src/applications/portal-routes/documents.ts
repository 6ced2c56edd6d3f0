import {
  maxApplicationDocumentBytes,
  portalDocumentContentTypes,
  ZPortalApplication,
  ZPortalDocumentParams,
  ZPortalDocumentUploadQuery,
  ZPortalDocumentUploadResult,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badInput } from '../../errors';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { storedDocumentReply } from '../../http/inline-document';
import { getOwnDocumentFile, removeOwnDocument, uploadOwnDocument } from '../portal';

/**
 * The applicant's documents on the portal: upload one file as the raw body (a phone's browser
 * sends it as it is, with a real progress), remove one, read one back. Only the caller's own
 * application, checked in the operation.
 */
export const portalDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's scope only: the file arrives whole as bytes. Its content decides what it is;
  // the content type the browser claims only picks this parser.
  app.addContentTypeParser(
    [...portalDocumentContentTypes, 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
  const uidOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user.uid;

  app.post(
    '/api/applications/:aid/documents',
    {
      // Above the portal's 64 KB: one document; anything larger is a 413 before it is read whole.
      bodyLimit: maxApplicationDocumentBytes,
      schema: {
        tags: ['applications'],
        summary:
          'Upload one document of a draft as the raw body (application/pdf, image/png or image/jpeg, at most 10 MB, 20 per application), recognised by its content; `replaces` removes an earlier one in the same step',
        params: ZPortalDocumentParams.pick({ aid: true }),
        querystring: ZPortalDocumentUploadQuery,
        response: { 201: ZPortalDocumentUploadResult },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw badInput('body.file', 'required', 'Send the file as the body.');
      }
      const result = await uploadOwnDocument(app.deps.db, uidOf(request), request.params.aid, {
        type: request.query.type,
        fileName: request.query.fileName,
        replaces: request.query.replaces,
        bytes: body,
      });
      return reply.status(201).send(result);
    },
  );

  const route = apiRoutes(app, 'applications');
  route({
    method: 'DELETE',
    url: '/api/applications/:aid/documents/:documentId',
    summary: 'Remove a document of a draft (or of an application asked for information)',
    params: ZPortalDocumentParams,
    response: ZPortalApplication,
    handler: async (request) =>
      removeOwnDocument(app.deps.db, uidOf(request), request.params.aid, request.params.documentId),
  });

  app.get(
    '/api/applications/:aid/documents/:documentId',
    {
      schema: {
        tags: ['applications'],
        summary: 'The bytes of one of your documents, as a download',
        params: ZPortalDocumentParams,
      },
    },
    async (request, reply) => {
      const file = await getOwnDocumentFile(
        app.deps.db,
        uidOf(request),
        request.params.aid,
        request.params.documentId,
      );
      // A download, never shown on the portal's origin: whatever the bytes hold runs nowhere.
      return storedDocumentReply(
        reply,
        { contentType: file.content_type, fileName: file.file_name },
        { download: true, cacheControl: 'private, no-store' },
      ).send(file.content);
    },
  );
};
