import { formatRateMonth } from '@ops/contract/exchange-rates';
import type { ChfEquivalent, ChfRates } from '../exchange-rates';

/**
 * CHF equivalents for a report: converts with the exchange rates and remembers every currency
 * and month it had no rate for, so that the report says which rates are missing instead of
 * showing a figure that quietly leaves some money out.
 */
export type ChfConverter = {
  /** The equivalent on `day`, or null (remembered for the notes) when no rate covers it. */
  convert(amountMinor: number, currency: string, day: string): ChfEquivalent | null;
  /** The rate that applies on `day`, without remembering a missing one. */
  rateOf(currency: string, day: string): ChfEquivalent | null;
  /** One note per currency naming its months without a rate. */
  notes(): string[];
};

export function chfConverter(rates: ChfRates): ChfConverter {
  const missing = new Map<string, Set<string>>();
  return {
    convert(amountMinor, currency, day) {
      const equivalent = rates.toChf(amountMinor, currency, day);
      if (!equivalent) {
        const months = missing.get(currency) ?? new Set<string>();
        months.add(day.slice(0, 7));
        missing.set(currency, months);
      }
      return equivalent;
    },
    rateOf(currency, day) {
      return rates.toChf(0, currency, day);
    },
    notes() {
      return [...missing.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, months]) => {
          const named = [...months].sort().map(formatRateMonth).join(', ');
          return `No exchange rate for ${currency} in ${named} or any month before: those CHF equivalents are left empty. Enter the rates in Settings › Exchange rates.`;
        });
    },
  };
}

/** A rate as the reports' `rate` column holds it: CHF per unit, a number. */
export function rateNumber(equivalent: ChfEquivalent | null): number | null {
  return equivalent ? Number(equivalent.rate) : null;
}
