import { ZCertificatesListPage, ZCertificatesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCertificates } from '../list';

/** GET /api/certificates: one page of the certificates list. */
export const listCertificatesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certificates',
    {
      schema: {
        tags: ['certificates'],
        summary:
          'The certificates list: filters (status, type, year, member), q (number, verification code or member name), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
        querystring: ZCertificatesListQuery,
        response: { 200: ZCertificatesListPage },
      },
    },
    async (request) => listCertificates(app.deps.db, request.query),
  );
};
