import { ZApplicationDocumentParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentContentSecurityPolicy, inlineDisposition } from '../../http/inline-document';
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
};
