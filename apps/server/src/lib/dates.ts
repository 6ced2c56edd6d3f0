/** Calendar days as the federation reads them, shared by the areas that show or stamp dates. */

import { clock } from './clock';

/** Today at headquarters (Europe/Zurich), as a date column holds it, from the product's clock. */
export function todayAtHeadquarters(): string {
  return clock.today();
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
