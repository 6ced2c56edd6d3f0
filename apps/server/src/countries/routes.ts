import {
  ZCountriesListPage,
  ZCountriesListQuery,
  ZCountry,
  ZCountryParams,
  ZCountryUpdate,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { listExportRoute } from '../lists';
import { getCountry, updateCountry } from './detail';
import { countriesList, listCountries } from './list';
import { apiRoutes } from '../http/api-route';

/** The countries reference table: list, export, one country, edit. */
export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'countries');

  route({
    method: 'GET',
    url: '/api/countries',
    summary:
      'The countries list: filters per column, q over names and ISO codes, sort, keyset pages',
    querystring: ZCountriesListQuery,
    response: ZCountriesListPage,
    handler: async (request) => listCountries(app.deps.db, request.query),
  });

  listExportRoute(app, 'countries', {
    summary: 'CSV of every country the same filters, q and sort select',
    listQuery: ZCountriesListQuery,
    list: () => countriesList,
  });

  route({
    method: 'GET',
    url: '/api/countries/:iso2',
    summary: 'One country: reference data, national association, member counts, version',
    params: ZCountryParams,
    response: ZCountry,
    handler: async (request) => getCountry(app.deps.db, request.params.iso2),
  });

  route({
    method: 'PATCH',
    url: '/api/countries/:iso2',
    permission: 'countries.edit',
    summary:
      'Edit a country with the version read (409 if someone changed it since); the national association must be an active association member of the country',
    params: ZCountryParams,
    body: ZCountryUpdate,
    response: ZCountry,
    handler: async (request) => {
      const { version, ...changes } = request.body;
      return updateCountry(app.deps.db, operatorActor(request), {
        iso2: request.params.iso2,
        version,
        changes,
      });
    },
  });
};
