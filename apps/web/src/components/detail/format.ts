/** Formatting shared by detail screens: the same on every screen, whatever the browser's language. */

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO time as "22 Nov 2026, 10:05" in the browser's time zone; '' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
}

/** A date column ("2026-11-22") as "22 Nov 2026" (no time zone shift); '' for none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const time = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? date : dateFormat.format(time);
}

/** Minor units and a currency as "CHF 1,200.00" (the currency's own decimals). */
export function formatMoney(minor: string | number | bigint, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = BigInt(minor);
  const scale = 10n ** BigInt(digits);
  const whole = amount / scale;
  const fraction = (amount < 0n ? -amount : amount) % scale;
  // Through the string form, so amounts beyond 2^53 minor units stay exact.
  const text = digits > 0 ? `${whole}.${String(fraction).padStart(digits, '0')}` : `${whole}`;
  const sign = amount < 0n && whole === 0n ? '-' : '';
  return format.format(`${sign}${text}` as unknown as number);
}

/** "legal_name" → "Legal name": a column name as a label when no better one is given. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
