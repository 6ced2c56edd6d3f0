import { ZCertificatesListPage, ZCertificatesListQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCertificates } from '../list';
import { apiRoutes } from '../../http/api-route';

/** GET /api/certificates: one page of the certificates list. */
export const listCertificatesRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'certificates');

  route({
    method: 'GET',
    url: '/api/certificates',
    summary:
      'The certificates list: filters (status, type, year, member), q (number, verification code or member name), sort, keyset pages and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZCertificatesListQuery,
    response: ZCertificatesListPage,
    handler: async (request) => listCertificates(app.deps.db, request.query),
  });
};
