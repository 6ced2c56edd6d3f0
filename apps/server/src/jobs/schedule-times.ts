import { Cron } from 'croner';
import { scheduleTimeZone } from './task';

/**
 * The first occurrence of a cron expression strictly after `after`, read in Europe/Zurich by
 * croner: "06:00" stays 06:00 local across the changes to and from summer time (05:00 UTC in
 * winter, 04:00 in summer), and a time the spring change skips runs once, in the hour after.
 */
export function nextOccurrence(cron: string, after: Date): Date {
  const next = new Cron(cron, { timezone: scheduleTimeZone }).nextRun(after);
  if (!next) throw new Error(`The cron expression ${cron} has no next occurrence.`);
  return next;
}

/** Whether a cron expression is one croner reads (five fields). */
export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { timezone: scheduleTimeZone });
    return cron.trim().split(/\s+/).length === 5;
  } catch {
    return false;
  }
}

const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: scheduleTimeZone });

/** The calendar day in Zurich at a moment, `YYYY-MM-DD`. */
export function todayInZurich(at: Date): string {
  return zurichDay.format(at);
}

/** The year in Zurich at a moment (a run at 2 January 06:00 is for that year). */
export function yearInZurich(at: Date): number {
  return Number(todayInZurich(at).slice(0, 4));
}
