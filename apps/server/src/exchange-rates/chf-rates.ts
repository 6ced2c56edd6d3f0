import { currencyDecimals } from '@ops/contract/display-format';
import { exchangeRateBaseCurrency, exchangeRateOfMillionths } from '@ops/contract/exchange-rates';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { millionthsOf } from './rate-row';

/** An amount's CHF equivalent, with the rate used and the month it is of (YYYY-MM). */
export type ChfEquivalent = { chfMinor: number; rate: string; rateMonth: string };

export type ChfRates = {
  /**
   * CHF equivalent of an amount in minor units of `currency` on `day` (YYYY-MM-DD): the rate of
   * that month, else of the latest earlier month; null when there is none. CHF → itself, rate "1".
   */
  toChf(amountMinor: number, currency: string, day: string): ChfEquivalent | null;
};

/** One currency's rate of one month, as the conversion reads it. */
export type MonthRate = { month: string; millionths: bigint };

/**
 * `amountMinor` of a currency with `decimals` in CHF minor units at `millionths` CHF per unit,
 * in integers only: amount × rate × 10^CHF decimals / (10^decimals × 10^6), rounded half away
 * from zero (a refund converts to the negative of its payment).
 */
export function chfMinorOf(amountMinor: number, decimals: number, millionths: bigint): number {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`An amount in minor units must be an integer: ${amountMinor}`);
  }
  const numerator =
    BigInt(amountMinor) * millionths * 10n ** BigInt(currencyDecimals(exchangeRateBaseCurrency));
  const denominator = 10n ** BigInt(decimals) * 1_000_000n;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const magnitude = remainder < 0n ? -remainder : remainder;
  if (2n * magnitude < denominator) return Number(quotient);
  return Number(quotient + (numerator < 0n ? -1n : 1n));
}

/** The latest rate of `month` or before, in rates sorted by month ascending; else undefined. */
function rateFor(rates: readonly MonthRate[], month: string): MonthRate | undefined {
  let low = 0;
  let high = rates.length;
  // The first rate after `month`; the one before it applies.
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((rates[middle] as MonthRate).month <= month) low = middle + 1;
    else high = middle;
  }
  return rates[low - 1];
}

/** The conversion over given rates per currency (each sorted by month ascending). */
export function chfRatesOf(byCurrency: ReadonlyMap<string, readonly MonthRate[]>): ChfRates {
  return {
    toChf(amountMinor, currency, day) {
      const month = day.slice(0, 7);
      if (currency === exchangeRateBaseCurrency) {
        const chfMinor = chfMinorOf(amountMinor, currencyDecimals(currency), 1_000_000n);
        return { chfMinor, rate: '1', rateMonth: month };
      }
      const rate = rateFor(byCurrency.get(currency) ?? [], month);
      if (!rate) return null;
      return {
        chfMinor: chfMinorOf(amountMinor, currencyDecimals(currency), rate.millionths),
        rate: exchangeRateOfMillionths(rate.millionths),
        rateMonth: rate.month,
      };
    },
  };
}

/**
 * Every rate, read once (a few hundred rows), for a report to convert its amounts with: the
 * rate of an amount's month, else of the latest earlier month.
 */
export async function loadChfRates(db: Kysely<Database>): Promise<ChfRates> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['currency', 'month', 'chf_per_unit'])
    .orderBy('currency')
    .orderBy('month')
    .execute();
  const byCurrency = new Map<string, MonthRate[]>();
  for (const row of rows) {
    const currency = row.currency.trim();
    const list = byCurrency.get(currency) ?? [];
    list.push({ month: row.month.slice(0, 7), millionths: millionthsOf(row) });
    byCurrency.set(currency, list);
  }
  return chfRatesOf(byCurrency);
}
