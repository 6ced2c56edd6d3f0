/**
 * Calendar arithmetic on `YYYY-MM-DD` days for the reports' periods. Days are calendar days at
 * headquarters already (the summary table stores them so), so the arithmetic runs in UTC, where
 * a day is always 24 hours and no time zone can shift it.
 */

function parse(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = parse(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

export function yearOf(day: string): number {
  return Number(day.slice(0, 4));
}

/** The first day of the month `months` months after (or before) the month of `day`. */
export function monthStart(day: string, months = 0): string {
  const date = parse(`${day.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return format(date);
}

/** The Monday of the ISO week of `day`. */
export function mondayOf(day: string): string {
  const weekday = (parse(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Every month (`YYYY-MM`) from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthStart(from); month <= to; month = monthStart(month, 1)) {
    months.push(month.slice(0, 7));
  }
  return months;
}

/** The Mondays of every ISO week from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

export function yearsBetween(from: string, to: string): number[] {
  const years: number[] = [];
  for (let year = yearOf(from); year <= yearOf(to); year++) years.push(year);
  return years;
}

/**
 * The same calendar day as `day` in `year`: 29 February of a leap year becomes 28 February in a
 * year without one.
 */
export function sameDayIn(day: string, year: number): string {
  const candidate = `${String(year).padStart(4, '0')}${day.slice(4)}`;
  return format(parse(candidate)) === candidate ? candidate : `${year}-02-28`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to).getTime() - parse(from).getTime()) / 86_400_000);
}
