import { ZPortalCountryList } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../http/api-route';

/**
 * GET /api/countries on the member portal (issue 34): the countries an application may name,
 * for the form's country choice; nothing of the console's country settings (fee categories,
 * associations, bank accounts).
 */
export const portalCountryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'countries');

  route({
    method: 'GET',
    url: '/api/countries',
    summary: 'The countries an application may name',
    response: ZPortalCountryList,
    handler: async () => ({
      items: await app.deps.db
        .selectFrom('countries')
        .select(['iso2', 'name'])
        .orderBy('name')
        .execute(),
    }),
  });
};
