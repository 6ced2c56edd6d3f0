import { formatCount, monthAbbreviations } from '@ops/contract/display-format';

/**
 * How a report's figures read, the same on the report screens and on the home screen's trends
 * (which draw from the same reports): counts, months, days.
 */

/** A chart's count, rounded to the whole member, invoice, …: "32,902". */
export const formatRoundedCount = (value: number) => formatCount(Math.round(value));

/** "2026-03" → "Mar 2026". */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? monthAbbreviations[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * "24 Nov" from "2026-11-24" or "11-24": the renewal lines compare the same day of different
 * years, so the year is left out.
 */
export function formatDayOfMonth(date: string): string {
  const [month, day] = date.split('-').slice(-2).map(Number);
  return `${day ?? ''} ${monthAbbreviations[(month ?? 1) - 1] ?? ''}`;
}
