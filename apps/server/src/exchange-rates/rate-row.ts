import {
  exchangeRateOfMillionths,
  formatRateMonth,
  parseExchangeRate,
  type TExchangeRate,
} from '@ops/contract/exchange-rates';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ExchangeRatesTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored rate, with its author's e-mail when a person wrote it. */
export type ExchangeRateRow = Selectable<ExchangeRatesTable> & { updated_by_email?: string | null };

/** "2026-05" → "2026-05-01": the month column holds the first of the month. */
export function monthColumn(month: string): string {
  return `${month}-01`;
}

/** The record id the table generates from its key ("EUR-2026-05"). */
export function rateId(currency: string, month: string): string {
  return `${currency}-${month}`;
}

/**
 * The stored numeric ("0.941200") as an integer of millionths. The column's check and scale
 * guarantee a positive number with at most six decimals; anything else is a broken row.
 */
export function millionthsOf(row: { chf_per_unit: string }): bigint {
  const parsed = parseExchangeRate(row.chf_per_unit);
  if (!parsed.ok) throw new Error(`A stored exchange rate cannot be read: ${row.chf_per_unit}`);
  return parsed.millionths;
}

/** The rate as the API shows it: "YYYY-MM", the canonical decimal text. */
export function toExchangeRate(row: ExchangeRateRow): TExchangeRate {
  return {
    currency: row.currency.trim(),
    month: row.month.slice(0, 7),
    rate: exchangeRateOfMillionths(millionthsOf(row)),
    source: row.source,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}

/** "1 EUR = 0.9412 CHF in May 2026": a rate in words, for messages. */
export function rateWords(rate: Pick<TExchangeRate, 'currency' | 'month' | 'rate'>): string {
  return `1 ${rate.currency} = ${rate.rate} CHF in ${formatRateMonth(rate.month)}`;
}

/** Rates with their authors' e-mails, newest month first, currencies alphabetically. */
export function selectRates(db: Db) {
  return db
    .selectFrom('exchange_rates as r')
    .leftJoin('users as u', 'u.uid', 'r.updated_by')
    .selectAll('r')
    .select('u.email as updated_by_email')
    .orderBy('r.month', 'desc')
    .orderBy('r.currency');
}
