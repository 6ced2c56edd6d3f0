/**
 * The one place the console turns dates, times, amounts and counts into text (issue 14: one date
 * format and one money format on screen). The same on every screen, whatever the browser's
 * language: dates "24 Nov 2026", times "24 Nov 2026, 14:05" (24-hour, the browser's time zone),
 * money "CHF 12,950.00", counts "12,950". Exports keep ISO dates; only the screen uses these.
 */

/** English month abbreviations, fixed: ICU's en-GB writes "Sept", other builds "Sep". */
const months = [
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

/** The browser's local calendar fields of a moment (numbers only, so no locale words). */
const localParts = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(time: number) {
  const parts: Record<string, string> = {};
  for (const part of localParts.formatToParts(time)) parts[part.type] = part.value;
  return {
    day: Number(parts.day),
    month: months[Number(parts.month) - 1] ?? '',
    year: parts.year ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}`,
  };
}

/** An ISO time as "22 Nov 2026, 10:05" (24-hour) in the browser's time zone; '' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const { day, month, year, time: clock } = partsOf(time);
  return `${day} ${month} ${year}, ${clock}`;
}

/** An ISO time's clock time alone, "14:05" (24-hour, browser's time zone); '' for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : partsOf(time).time;
}

/** A date column ("2026-11-22", or a time's date part) as "22 Nov 2026", never shifted by a time zone; '' for none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) return date;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** 1234567 → "1,234,567": counts read the same whatever the browser's language. */
export function formatCount(value: number | bigint): string {
  return grouping.format(value);
}

/** The currency's decimals (2 for CHF, EUR, USD; 0 for JPY), from the ISO 4217 data Intl carries. */
function decimalsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * Minor units and a currency as "CHF 1,200.00": the currency code, a no-break space (the code
 * never wraps away from its amount), the amount with a comma per thousand and the currency's
 * decimals; "CHF -2.50" below zero. Exact for any size: computed on the string form.
 */
export function formatMoney(minor: string | number | bigint, currency: string): string {
  const digits = decimalsOf(currency);
  const amount = BigInt(minor);
  const magnitude = amount < 0n ? -amount : amount;
  const scale = 10n ** BigInt(digits);
  const whole = formatCount(magnitude / scale);
  const fraction = digits > 0 ? `.${String(magnitude % scale).padStart(digits, '0')}` : '';
  return `${currency}\u00a0${amount < 0n ? '-' : ''}${whole}${fraction}`;
}

/** "legal_name" → "Legal name": a column name as a label when no better one is given. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
