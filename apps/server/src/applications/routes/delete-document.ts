import { ZApplicationDetail, ZApplicationDocumentParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor } from '../../http/actor';
import { deleteApplicationDocument } from '../documents';
import { apiRoutes } from '../../http/api-route';

const ZDeleteDocumentQuery = z.object({
  version: z.coerce.number().int().min(1).describe('The version of the application you read'),
});

/** DELETE /api/applications/:aid/documents/:documentId: removes a document of an open application. */
export const deleteApplicationDocumentRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'DELETE',
    url: '/api/applications/:aid/documents/:documentId',
    permission: 'applications.review',
    summary: 'Remove a document uploaded by mistake (the application must still be open)',
    params: ZApplicationDocumentParams,
    querystring: ZDeleteDocumentQuery,
    response: ZApplicationDetail,
    handler: async (request) =>
      deleteApplicationDocument(
        app.deps.db,
        operatorActor(request),
        request.params.aid,
        request.params.documentId,
        request.query.version,
      ),
  });
};
