/**
 * The one place the console turns dates, times, amounts and counts into text (issue 14: one date
 * format and one money format on screen). The same on every screen, whatever the browser's
 * language: dates "24 Nov 2026", times "24 Nov 2026, 14:05 CET" (24-hour, headquarters' time
 * with its zone named, issue 32: one backup read 02:06 on Jobs and 01:06 on Backups), money
 * "CHF 12,950.00", counts "12,950". Exports keep ISO dates; only the screen uses these.
 */

import { monthAbbreviations as months } from '@ops/contract/display-format';

import { formatCount } from '@ops/contract/display-format';

export { formatCount };
export { formatDate, formatMoney } from '@ops/contract/display-format';

/**
 * Every time on screen is headquarters' time (Europe/Zurich), the zone "today", the schedules
 * and the reports' days are in, whatever the browser's; the zone's name follows each time, so
 * an operator abroad reads "06:00 CET" for what their own clock calls 05:00.
 */
export const screenTimeZone = 'Europe/Zurich';

/** A moment's calendar fields at headquarters (numbers only, and the zone's short name). */
const headquartersParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: screenTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

function partsOf(time: number) {
  const parts: Record<string, string> = {};
  for (const part of headquartersParts.formatToParts(time)) parts[part.type] = part.value;
  return {
    day: Number(parts.day),
    month: months[Number(parts.month) - 1] ?? '',
    year: parts.year ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''} ${parts.timeZoneName ?? ''}`.trim(),
  };
}

/** An ISO time as "22 Nov 2026, 10:05 CET" (24-hour, headquarters' time); '' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const { day, month, year, time: clock } = partsOf(time);
  return `${day} ${month} ${year}, ${clock}`;
}

/** An ISO time's clock time alone, "14:05 CET" (24-hour, headquarters' time); '' for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : partsOf(time).time;
}

/** How long a run or a backup took: "850 ms", "12.4 s", "3 min 05 s", "1 h 02 min"; "—" for none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 3_600) {
    return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  }
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "legal_name" → "Legal name": a column name as a label when no better one is given. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const englishPlurals = new Intl.PluralRules('en');

/**
 * A count with its noun by the language's plural rule (Intl.PluralRules, the platform's
 * CLDR rules): "1 debit", "0 debits", "1,250 reminders" (issue 32: "1 debits").
 */
export function formatCountOf(count: number, noun: { one: string; other: string }): string {
  return `${formatCount(count)} ${englishPlurals.select(count) === 'one' ? noun.one : noun.other}`;
}
