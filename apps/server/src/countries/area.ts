import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryRoutes } from './routes';

/** Countries: the reference list and its editable fields. */
export const countriesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(countryRoutes);
};
