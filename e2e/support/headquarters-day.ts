/**
 * Today at headquarters (Europe/Zurich), as the server under test reads it (its `lib/clock.ts`):
 * between 23:00 and 24:00 UTC on 31 December, the UTC year is already the old one there.
 */
export function todayAtHeadquarters(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(now);
}

export function yearAtHeadquarters(now: Date = new Date()): number {
  return Number(todayAtHeadquarters(now).slice(0, 4));
}
