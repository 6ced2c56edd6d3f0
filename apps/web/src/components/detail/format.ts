/**
 * The one place the console turns dates, times, amounts and counts into text (issue 14: one date
 * format and one money format on screen). The same on every screen, whatever the browser's
 * language: dates "24 Nov 2026", times "24 Nov 2026, 14:05" (24-hour, the browser's time zone),
 * money "CHF 12,950.00", counts "12,950". Exports keep ISO dates; only the screen uses these.
 */

import { monthAbbreviations as months } from '@ops/contract/display-format';

export { formatCount, formatDate, formatMoney } from '@ops/contract/display-format';

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

/** "legal_name" → "Legal name": a column name as a label when no better one is given. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
