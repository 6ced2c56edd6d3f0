import type { TExchangeRates, TExchangeRatesQuery } from '@ops/contract/exchange-rates';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { selectRates, toExchangeRate } from './rate-row';

/**
 * GET /api/exchange-rates: every rate (a table of a few hundred rows: twelve a year per
 * currency), newest month first, or one currency's.
 */
export async function listExchangeRates(
  db: Kysely<Database>,
  query: TExchangeRatesQuery = {},
): Promise<TExchangeRates> {
  let select = selectRates(db);
  if (query.currency) select = select.where('r.currency', '=', query.currency);
  return (await select.execute()).map(toExchangeRate);
}
