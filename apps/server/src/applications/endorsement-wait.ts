import { clock, dayAtHeadquarters } from '../lib/clock';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whole days an endorsement has waited, counted in headquarters' calendar (requested yesterday
 * evening in Zurich is 1 day, whatever the hour now), from the product's clock. Null when the
 * request's time is unknown.
 */
export function daysWaitingSince(requestedAt: Date | null): number | null {
  if (!requestedAt) return null;
  const from = Date.parse(`${dayAtHeadquarters(requestedAt)}T00:00:00Z`);
  const to = Date.parse(`${clock.today()}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / dayMs));
}
