import {
  exchangeRateImportContentTypes,
  exchangeRateImportMaxBytes,
  ZExchangeRateDeleteQuery,
  ZExchangeRateDeleteResult,
  ZExchangeRateImportResult,
  ZExchangeRateParams,
  ZExchangeRates,
  ZExchangeRateSave,
  ZExchangeRateSaveResult,
  ZExchangeRatesQuery,
} from '@ops/contract/exchange-rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badInput } from '../errors';
import { operatorActor } from '../http/actor';
import { deleteExchangeRate } from './delete';
import { importExchangeRates } from './import-csv';
import { listExchangeRates } from './list-rates';
import { saveExchangeRate } from './save';
import { apiRoutes } from '../http/api-route';

/**
 * Exchange rates (issue 18): the monthly rates the reports' CHF equivalents use. Read by every
 * operator; set, changed, deleted and imported with `exchange-rates.edit` (finance, admin).
 */
export const exchangeRateRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'exchange-rates');

  // This plugin's scope only: the import takes the CSV file itself as the body (text/plain
  // arrives as a string through Fastify's own parser).
  app.addContentTypeParser(
    [...exchangeRateImportContentTypes],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );

  route({
    method: 'GET',
    url: '/api/exchange-rates',
    summary: 'Every exchange rate (CHF for one unit), newest month first, or one currency’s',
    querystring: ZExchangeRatesQuery,
    response: ZExchangeRates,
    handler: async (request) => listExchangeRates(app.deps.db, request.query),
  });

  route({
    method: 'PUT',
    url: '/api/exchange-rates/:currency/:month',
    permission: 'exchange-rates.edit',
    summary:
      "Sets a currency's rate for a month (YYYY-MM): new without a version, changed with the version read",
    params: ZExchangeRateParams,
    body: ZExchangeRateSave,
    response: ZExchangeRateSaveResult,
    handler: async (request) =>
      saveExchangeRate(app.deps.db, operatorActor(request), request.params, request.body),
  });

  route({
    method: 'DELETE',
    url: '/api/exchange-rates/:currency/:month',
    permission: 'exchange-rates.edit',
    summary: "Deletes a currency's rate for a month, with the version read",
    params: ZExchangeRateParams,
    querystring: ZExchangeRateDeleteQuery,
    response: ZExchangeRateDeleteResult,
    handler: async (request) =>
      deleteExchangeRate(
        app.deps.db,
        operatorActor(request),
        request.params,
        request.query.version,
      ),
  });

  app.post(
    '/api/exchange-rates/import',
    {
      config: { permission: 'exchange-rates.edit' },
      bodyLimit: exchangeRateImportMaxBytes,
      schema: {
        tags: ['exchange-rates'],
        summary: `Imports a CSV file of rates (the body: text/csv, text/plain or application/octet-stream, ≤ ${exchangeRateImportMaxBytes / 1024 / 1024} MB; header currency,month,rate, month YYYY-MM, "," or ";" separated): every row checked first, any bad row refuses the file naming its line; then all in one transaction`,
        response: { 200: ZExchangeRateImportResult },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) && typeof body !== 'string') {
        throw badInput(
          'body',
          'content-type',
          'Send the CSV file itself as the body, with Content-Type text/csv.',
        );
      }
      return importExchangeRates(app.deps.db, operatorActor(request), body);
    },
  );
};
