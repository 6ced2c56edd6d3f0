import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalCountryRoutes } from './portal-routes';
import { countryRoutes } from './routes';

/** Countries: the reference list and its editable fields. */
export const countriesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(countryRoutes);
};

/** The member portal's country choice (issue 34): codes and names only. */
export const portalCountriesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalCountryRoutes);
};
