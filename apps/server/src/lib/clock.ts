/**
 * The product's one clock (issue 30). Every business rule that asks "what is the time" or "what day
 * is it" reads it here, never `new Date()`, `Date.now()`, `now()` or `current_date` of its own: a
 * rule that compares with today gets today's instant from this module, and passes it to SQL as a
 * parameter. PostgreSQL's own `now()` stays right for the timestamps a row records (created_at).
 *
 * "Today" is headquarters' day: the calendar day in Europe/Zurich, as invoices' issue dates,
 * renewal years, number series and certificate validity already are. So 31 December 23:30 UTC is
 * 1 January at headquarters, and 1 January 00:30 in Zurich is still 31 December in UTC.
 *
 * In production the clock is the machine's. Tests move it with `setClockForTests` where the date
 * matters (a ledger whose last line is dated today, a renewal run on 1 January); it keeps
 * ticking from the instant it was set to, so durations and deadlines measured with it hold. The
 * whole suite also runs under libfaketime at the calendar's edges (`npm run test:calendar`),
 * which moves this clock, Node's timers and the embedded PostgreSQL together.
 */

/** Where the federation's days begin and end. */
export const headquartersTimeZone = 'Europe/Zurich';

/** Added to the machine's time; 0 but in tests. */
let offsetMs = 0;

const zurichDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: headquartersTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The `YYYY-MM-DD` day at headquarters of an instant. */
export function dayAtHeadquarters(instant: Date): string {
  return zurichDay.format(instant);
}

export const clock = {
  /** The current instant. */
  now(): Date {
    // The one place that reads the machine's time for the product.
    // eslint-disable-next-line no-restricted-syntax
    return new Date(Date.now() + offsetMs);
  },
  /** The current instant in milliseconds since the epoch. */
  nowMs(): number {
    // eslint-disable-next-line no-restricted-syntax
    return Date.now() + offsetMs;
  },
  /** Today at headquarters, as a date column holds it: `2026-12-02`. */
  today(): string {
    return dayAtHeadquarters(clock.now());
  },
  /** The current year at headquarters (renewals, number series, "this year"). */
  year(): number {
    return Number(clock.today().slice(0, 4));
  },
};

/**
 * The machine's own time, for operational timers that PostgreSQL's `now()` compares on the other
 * side: when the outbox tries a message again, when a run or an upload counts as abandoned, how
 * long a note stays editable after its `created_at`. These must agree with the database's time,
 * not with a test's calendar; they are never a business rule's "today". (Durations and deadlines
 * inside one process use `performance.now()`, which no clock setting moves.)
 */
export const machineTime = {
  now(): Date {
    // eslint-disable-next-line no-restricted-syntax
    return new Date();
  },
  nowMs(): number {
    // eslint-disable-next-line no-restricted-syntax
    return Date.now();
  },
};

/**
 * Tests: the clock reads `instant` now and goes on ticking from there; `null` puts it back on the
 * machine's time. Never called by the product.
 */
export function setClockForTests(instant: Date | string | null): void {
  // eslint-disable-next-line no-restricted-syntax
  offsetMs = instant === null ? 0 : new Date(instant).getTime() - Date.now();
}
