/** Calendar days as the federation reads them, shared by the areas that show or stamp dates. */

/** Today at headquarters (Switzerland), as a date column holds it. */
export function todayAtHeadquarters(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A `YYYY-MM-DD` day written out: "3 May 2026". */
export function longDay(isoDay: string): string {
  return longDate.format(new Date(`${isoDay}T00:00:00Z`));
}
