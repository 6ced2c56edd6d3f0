/**
 * camt amounts are decimal text ("1692.22", "2700") with the currency in an attribute. They become
 * integer minor units by string arithmetic, never through a float, so "0.29" is 29 and never
 * 28.999999999999996.
 */

/**
 * Currencies whose minor unit is not hundredths (ISO 4217). Every other code has 2 decimals: a
 * bank file in an unlisted currency with 2 decimals reads right, one with 3 is refused rather than
 * guessed.
 */
const minorDigitsByCurrency: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** How many decimals the currency's minor unit has (2 unless the table says otherwise). */
export function currencyMinorDigits(currency: string): number {
  return minorDigitsByCurrency[currency] ?? 2;
}

export type DecimalToMinorResult =
  | { ok: true; minor: number }
  | { ok: false; problem: 'negative' | 'malformed' | 'decimals' | 'too-large' };

const decimalAmount = /^\d+(\.\d+)?$/;

/**
 * "1692.22" CHF → 169222. Trailing zeros beyond the currency's decimals are exact and accepted
 * ("12.500" CHF → 1250, the XSD allows up to 5 fraction digits); any other digit there is refused.
 */
export function decimalToMinor(text: string, currency: string): DecimalToMinorResult {
  const trimmed = text.trim();
  if (/^-\s*\d/.test(trimmed)) return { ok: false, problem: 'negative' };
  if (!decimalAmount.test(trimmed)) return { ok: false, problem: 'malformed' };
  const digits = currencyMinorDigits(currency);
  const [whole = '0', rawFraction = ''] = trimmed.split('.');
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > digits) return { ok: false, problem: 'decimals' };
  const minor = BigInt(whole) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: 'too-large' };
  return { ok: true, minor: Number(minor) };
}

/** 169222 CHF → "1692.22"; 2700 JPY → "2700". Non-negative integers only (the writer's input). */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`Not an amount in minor units: ${minor}`);
  }
  const digits = currencyMinorDigits(currency);
  if (digits === 0) return String(minor);
  const padded = String(minor).padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
