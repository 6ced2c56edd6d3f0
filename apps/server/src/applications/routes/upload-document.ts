import {
  applicationDocumentTypes,
  ZApplicationDocumentUploadResult,
  ZApplicationParams,
} from '@ops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { operatorActor } from '../../http/actor';
import { uploadApplicationDocument } from '../documents';
import { apiRoutes } from '../../http/api-route';

const ZUploadQuery = z.object({
  type: z.enum(applicationDocumentTypes).describe('What the document is'),
});

/**
 * The one file of a multipart body (the limits are set where the parser is registered, in
 * `index.ts`); every way the body can be wrong is a 400 or 413 naming the field.
 */
async function readUploadedFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  try {
    const part = await request.file();
    if (!part) throw new AppError('invalid-argument', 'missing');
    const fileName = part.filename;
    return { fileName, bytes: await part.toBuffer() };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload-too-large', 'The file is larger than 10 MB.');
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('invalid-argument', 'Send exactly one file, in the field "file".', {
        issues: [{ path: 'body.file', rule: 'too_big', message: 'one file per upload' }],
      });
    }
    const message = 'Send the document as multipart/form-data with one file in the field "file".';
    throw new AppError('invalid-argument', message, {
      issues: [{ path: 'body.file', rule: 'required', message }],
    });
  }
}

/** POST /api/applications/:aid/documents: stores one document of an application. */
export const uploadApplicationDocumentRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'POST',
    url: '/api/applications/:aid/documents',
    permission: 'applications.review',
    summary:
      'Upload one document (multipart/form-data, field "file"): a PDF, PNG, JPEG or WebP of at most 10 MB, recognised by its content',
    params: ZApplicationParams,
    querystring: ZUploadQuery,
    response: ZApplicationDocumentUploadResult,
    handler: async (request) => {
      const { bytes, fileName } = await readUploadedFile(request);
      return uploadApplicationDocument(app.deps.db, operatorActor(request), request.params.aid, {
        type: request.query.type,
        fileName,
        bytes,
      });
    },
  });
};
