import { z } from 'zod';
import { monthAbbreviations } from './display-format';

/**
 * Exchange rates (issue 18): the CHF equivalents the reports show beside native amounts. One
 * rate per currency and month — CHF for one unit of the currency — entered in settings or
 * imported from CSV; nothing is fetched from the internet. A rate travels as a decimal string
 * ("0.9412"), never a float, and is computed with as an integer of millionths.
 */

/** The base currency: it has no rate of its own (always 1). */
export const exchangeRateBaseCurrency = 'CHF';
/** The most decimals a rate may have (the column is numeric(18, 6)). */
export const exchangeRateMaxDecimals = 6;
/**
 * The largest rate accepted: far above any real currency (the dearest is some 3 CHF), and small
 * enough that the largest amount times the rate stays an exact integer of CHF minor units.
 */
export const exchangeRateMaxMillionths = 10_000_000_000n;
/** The largest CSV file the import takes (some 30,000 rows). */
export const exchangeRateImportMaxBytes = 1024 * 1024;
/** Content types the import takes its CSV text with. */
export const exchangeRateImportContentTypes = ['text/csv', 'application/octet-stream'] as const;

export const exchangeRateSources = ['entered', 'csv'] as const;
export type ExchangeRateSource = (typeof exchangeRateSources)[number];
export const exchangeRateSourceLabels: Record<ExchangeRateSource, string> = {
  entered: 'Entered',
  csv: 'CSV import',
};

export const exchangeRateOutcomes = ['inserted', 'updated', 'unchanged'] as const;
export type ExchangeRateOutcome = (typeof exchangeRateOutcomes)[number];

export type ParsedExchangeRate =
  | {
      ok: true;
      /** The rate as an integer of millionths (0.9412 → 941200n): what conversions compute with. */
      millionths: bigint;
      /** Its canonical text: no trailing zeros ("0.9412", "1"). */
      rate: string;
    }
  | { ok: false; rule: 'format' | 'decimals' | 'positive' | 'range'; message: string };

/** Millionths as a rate's canonical text: 941200n → "0.9412", 1000000n → "1". */
export function exchangeRateOfMillionths(millionths: bigint): string {
  const whole = millionths / 1_000_000n;
  const fraction = String(millionths % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * Reads a rate as people and files write it: digits with `.` as the decimal mark (`,` too when
 * `isCommaDecimal`, a semicolon-separated file's habit), more than zero, at most six decimals,
 * at most 10,000. By string arithmetic, never through a float.
 */
export function parseExchangeRate(
  text: string,
  options: { isCommaDecimal?: boolean } = {},
): ParsedExchangeRate {
  const trimmed = text.trim();
  const written = options.isCommaDecimal ? trimmed.replace(',', '.') : trimmed;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(written);
  if (!match) {
    return {
      ok: false,
      rule: 'format',
      message: `"${text}" is not a rate: write CHF for one unit as digits with a point, like 0.9412`,
    };
  }
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > exchangeRateMaxDecimals) {
    return {
      ok: false,
      rule: 'decimals',
      message: `"${text}" has more than ${exchangeRateMaxDecimals} decimals`,
    };
  }
  const millionths = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  if (millionths === 0n) {
    return { ok: false, rule: 'positive', message: 'A rate must be more than 0' };
  }
  if (millionths > exchangeRateMaxMillionths) {
    return { ok: false, rule: 'range', message: `"${text}" is larger than 10,000` };
  }
  return { ok: true, millionths, rate: exchangeRateOfMillionths(millionths) };
}

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-05" → "May 2026", as the screens and messages name a rate's month. */
export function formatRateMonth(month: string): string {
  const match = monthPattern.exec(month);
  if (!match) return month;
  return `${monthAbbreviations[Number(match[2]) - 1]} ${match[1]}`;
}

export const ZExchangeRateCurrency = z
  .string()
  .regex(
    /^(?!CHF$)[A-Z]{3}$/,
    'A currency code of 3 capital letters other than CHF (CHF is the base: always 1)',
  )
  .describe('ISO 4217 code of the currency, e.g. "EUR"; not CHF');

export const ZExchangeRateMonth = z
  .string()
  .regex(monthPattern, 'A month written YYYY-MM, e.g. 2026-05')
  .describe('The month the rate applies to, YYYY-MM');

export const ZExchangeRate = z
  .object({
    currency: z.string().describe('ISO 4217 code, never CHF'),
    month: z.string().describe('YYYY-MM'),
    rate: z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/)
      .describe('CHF for one unit of the currency, as a decimal string ("0.9412")'),
    source: z.enum(exchangeRateSources).describe('Entered in the console, or imported from CSV'),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time'),
    updatedBy: z.string().nullable().describe("The author's e-mail, or who else wrote it"),
  })
  .describe("A currency's rate for one month");
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

export const ZExchangeRates = z
  .array(ZExchangeRate)
  .describe('Every rate, newest month first, currencies in alphabetical order');
export type TExchangeRates = z.infer<typeof ZExchangeRates>;

export const ZExchangeRatesQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'A currency code of 3 capital letters')
    .optional()
    .describe("Only this currency's rates"),
});
export type TExchangeRatesQuery = z.infer<typeof ZExchangeRatesQuery>;

export const ZExchangeRateParams = z.object({
  currency: ZExchangeRateCurrency,
  month: ZExchangeRateMonth,
});
export type TExchangeRateParams = z.infer<typeof ZExchangeRateParams>;

export const ZExchangeRateSave = z
  .object({
    rate: z
      .string()
      .min(1, 'Enter the rate')
      .max(40)
      .describe('CHF for one unit, e.g. "0.9412": more than 0, at most 6 decimals, at most 10,000'),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The version read, to change a rate; none to set a new one'),
  })
  .describe("Set a currency's rate for a month (new), or change it with the version read");
export type TExchangeRateSave = z.infer<typeof ZExchangeRateSave>;

export const ZExchangeRateSaveResult = z
  .object({
    rate: ZExchangeRate,
    outcome: z.enum(exchangeRateOutcomes),
    message: z.string().describe('What changed, in a sentence'),
  })
  .describe('The rate after the save');
export type TExchangeRateSaveResult = z.infer<typeof ZExchangeRateSaveResult>;

export const ZExchangeRateDeleteQuery = z.object({
  version: z.coerce.number().int().min(1).describe('The version read'),
});
export type TExchangeRateDeleteQuery = z.infer<typeof ZExchangeRateDeleteQuery>;

export const ZExchangeRateDeleteResult = z
  .object({ message: z.string().describe('What was deleted, in a sentence') })
  .describe('The rate is gone');
export type TExchangeRateDeleteResult = z.infer<typeof ZExchangeRateDeleteResult>;

export const ZExchangeRateImportRow = z.object({
  line: z.number().int().describe("The row's line in the file (the header is line 1)"),
  currency: z.string(),
  month: z.string().describe('YYYY-MM'),
  rate: z.string(),
  outcome: z.enum(exchangeRateOutcomes),
  previousRate: z.string().nullable().describe('The rate it replaced, for an updated row'),
});
export type TExchangeRateImportRow = z.infer<typeof ZExchangeRateImportRow>;

export const ZExchangeRateImportResult = z
  .object({
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int().describe('Rows equal to the stored rate: nothing written'),
    rows: z.array(ZExchangeRateImportRow).describe('Every row of the file, in its order'),
  })
  .describe('What a CSV import did: the whole file in one transaction');
export type TExchangeRateImportResult = z.infer<typeof ZExchangeRateImportResult>;
