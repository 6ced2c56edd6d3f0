import { ZApplicationDocumentParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedDocumentReply } from '../../http/inline-document';
import { getApplicationDocumentFile } from '../documents';

/** GET /api/applications/:aid/documents/:documentId: a stored document's bytes, inline. */
export const getApplicationDocumentRoute: FastifyPluginAsyncZod = async (app) => {
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
      return storedDocumentReply(
        reply,
        { contentType: file.content_type, fileName: file.file_name },
        { cacheControl: 'private, max-age=3600' },
      )
        .header('etag', `"${file.sha256}"`)
        .send(file.content);
    },
  );
};
