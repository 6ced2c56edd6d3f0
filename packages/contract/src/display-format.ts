/**
 * Dates, counts and money as the console writes them, on screen and in the server's messages
 * (issue 14: one date format and one money format): dates "24 Nov 2026", money "CHF 12,950.00",
 * counts "12,950", whatever the browser's or the server's language. Exports keep ISO dates.
 * No zod here: the web imports this module alone (`@ops/contract/display-format`).
 */

/** English month abbreviations, fixed: ICU's en-GB writes "Sept", other builds "Sep". */
export const monthAbbreviations = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A date column ("2026-11-22", or a time's date part) as "22 Nov 2026", never shifted by a time zone; '' for none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = match ? monthAbbreviations[Number(match[2]) - 1] : undefined;
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) return date;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** 1234567 → "1,234,567": counts read the same whatever the browser's language. */
export function formatCount(value: number | bigint): string {
  return grouping.format(value);
}

/** The currency's decimals (2 for CHF, EUR, USD; 0 for JPY), from the ISO 4217 data Intl carries. */
/**
 * Remembered per currency: building an `Intl.NumberFormat` costs some 25 µs, and a renewal run
 * formats two amounts for each of 100,000 e-mails (2 s of its time before this cache).
 */
const decimalsByCurrency = new Map<string, number>();

export function currencyDecimals(currency: string): number {
  const known = decimalsByCurrency.get(currency);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // Not a currency Intl knows: two decimals, as most have.
  }
  decimalsByCurrency.set(currency, digits);
  return digits;
}

/**
 * Minor units and a currency as "CHF 1,200.00": the currency code, a no-break space (the code
 * never wraps away from its amount), the amount with a comma per thousand and the currency's
 * decimals; "CHF -2.50" below zero. Exact for any size: computed on the string form.
 */
export function formatMoney(minor: string | number | bigint, currency: string): string {
  const digits = currencyDecimals(currency);
  const amount = BigInt(minor);
  const magnitude = amount < 0n ? -amount : amount;
  const scale = 10n ** BigInt(digits);
  const whole = formatCount(magnitude / scale);
  const fraction = digits > 0 ? `.${String(magnitude % scale).padStart(digits, '0')}` : '';
  return `${currency}\u00a0${amount < 0n ? '-' : ''}${whole}${fraction}`;
}
