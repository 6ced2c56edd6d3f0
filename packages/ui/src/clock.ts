/**
 * The browser apps' one clock (issue 30; the console's and the member portal's), the twin of the
 * server's `lib/clock.ts`: every screen
 * that needs "now" or "today" reads it here, never `new Date()` or `Date.now()` of its own.
 * "Today" is headquarters' day, the calendar day in Europe/Zurich, as the server reads it: a
 * default date in a form (a payment received today, a statement to today, next year's renewal)
 * is the day the server will judge it by, whatever the zone of the browser that shows it.
 * End-to-end tests move it with Playwright's `page.clock`, which moves `Date` itself.
 */

const zurichDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const clock = {
  /** The current instant. */
  now(): Date {
    // The one place that reads the browser's time for the app.
    // eslint-disable-next-line no-restricted-syntax
    return new Date();
  },
  /** The current instant in milliseconds since the epoch (countdowns, idle detection). */
  nowMs(): number {
    // eslint-disable-next-line no-restricted-syntax
    return Date.now();
  },
};

/** The `YYYY-MM-DD` day at headquarters of an instant (now by default). */
export function todayAtHeadquarters(now: Date = clock.now()): string {
  return zurichDay.format(now);
}

/** The year at headquarters (renewals, certificates, "this year"). */
export function yearAtHeadquarters(now: Date = clock.now()): number {
  return Number(todayAtHeadquarters(now).slice(0, 4));
}

/** The month at headquarters, `YYYY-MM` (exchange rates). */
export function monthAtHeadquarters(now: Date = clock.now()): string {
  return todayAtHeadquarters(now).slice(0, 7);
}
