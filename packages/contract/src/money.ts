/**
 * Money is an integer of minor units plus an ISO currency (domain.md). People type amounts in
 * major units with either decimal separator ("1'250.50", "1 250,50", "1.250,50", "80"); these
 * helpers turn such text into minor units by string arithmetic, never through a float, so that
 * 0.1 + 0.2 never becomes 0.30000000000000004 on an invoice.
 */

/** The largest amount we accept: far above any fee, well inside Number.MAX_SAFE_INTEGER. */
export const maxMinorAmount = 1_000_000_000_00;

export type MajorAmountResult =
  | { ok: true; minor: number }
  | { ok: false; rule: 'format' | 'decimals' | 'range'; message: string };

const groupingMarks = /[\s'’\u00a0\u202f]/g;

/**
 * Parses a major-unit amount with `,` or `.` as decimal separator into minor units (2 decimals).
 * When both marks appear, the last one is the decimal separator and the other groups thousands
 * (in groups of three). A single mark followed by exactly three digits ("1,250") is ambiguous and
 * refused rather than guessed.
 */
export function parseMajorAmount(
  text: string,
  options: { allowNegative?: boolean } = {},
): MajorAmountResult {
  const compact = text.trim().replace(groupingMarks, '');
  const sign = compact.startsWith('-') ? -1 : 1;
  const unsigned = compact.replace(/^[-+]/, '');
  if (sign < 0 && !options.allowNegative) {
    return { ok: false, rule: 'range', message: 'Must not be negative' };
  }
  if (!/^[0-9.,]+$/.test(unsigned) || !/[0-9]/.test(unsigned)) {
    return {
      ok: false,
      rule: 'format',
      message: `"${text}" is not an amount (write it like 1250.50 or 1250,50)`,
    };
  }
  const lastDot = unsigned.lastIndexOf('.');
  const lastComma = unsigned.lastIndexOf(',');
  let whole = unsigned;
  let fraction = '';
  if (lastDot >= 0 || lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    const decimalAt = unsigned.lastIndexOf(decimalMark);
    const marksOfDecimalKind = unsigned.split(decimalMark).length - 1;
    const hasGrouping = unsigned.includes(groupMark);
    if (marksOfDecimalKind > 1) {
      // "1.250.000" : only grouping marks, no decimals.
      if (hasGrouping || !/^\d{1,3}(\.\d{3})+$|^\d{1,3}(,\d{3})+$/.test(unsigned)) {
        return { ok: false, rule: 'format', message: `"${text}" is not an amount` };
      }
      whole = unsigned.split(decimalMark).join('');
    } else {
      whole = unsigned.slice(0, decimalAt);
      fraction = unsigned.slice(decimalAt + 1);
      if (hasGrouping) {
        if (!new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`).test(whole)) {
          return { ok: false, rule: 'format', message: `"${text}" is not an amount` };
        }
        whole = whole.split(groupMark).join('');
      } else if (fraction.length === 3) {
        return {
          ok: false,
          rule: 'format',
          message: `"${text}" is ambiguous: write thousands without a separator or with an apostrophe (1'250.00)`,
        };
      }
    }
  }
  if (fraction.length > 2) {
    return { ok: false, rule: 'decimals', message: `"${text}" has more than 2 decimals` };
  }
  if (whole === '') whole = '0';
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) {
    return { ok: false, rule: 'format', message: `"${text}" is not an amount` };
  }
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  if (minor > BigInt(maxMinorAmount)) {
    return { ok: false, rule: 'range', message: `"${text}" is larger than any amount we accept` };
  }
  return { ok: true, minor: sign * Number(minor) };
}

/** Minor units as a plain major-unit string with two decimals and a dot ("1250.50"). */
export function formatMinorPlain(minor: number | string | bigint): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const text = `${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}
