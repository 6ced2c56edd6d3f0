// Filters by the day something happened at headquarters (Europe/Zurich) on a time column
// (issue 18: the reports count days there, and their drill-down filters the same days).
import { filterSyntax } from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import { badQuery } from './list-spec';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** One calendar date of a filter (YYYY-MM-DD, 2026-02-30 refused); a 400 naming the filter. */
export function parseDay(field: string, text: string): string {
  const day = text.trim();
  const parsed = new Date(`${day}T00:00:00Z`);
  if (
    !isoDate.test(day) ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== day
  ) {
    throw badQuery(field, 'invalid_format', `"${day}" is not a date (YYYY-MM-DD)`);
  }
  return day;
}

/** Midnight at headquarters at the start of a day (`+ 1` day: its end), as an instant. */
function midnightAtHeadquarters(day: string, plusDays = 0): RawBuilder<Date> {
  return sql<Date>`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Zurich')`;
}

/**
 * A filter of days at headquarters on a time column, as the list syntax writes it: `from..to`
 * (either end open), days `a,b`, or `(empty)` (the sentinel of the sort expression). Written on
 * the sort expression, so that its index answers it.
 */
export function dayAtHeadquartersFilter(
  field: string,
  raw: string,
  expression: string,
  sentinel: string,
): RawBuilder<boolean> {
  const target = sql.raw(expression);
  if (raw === filterSyntax.empty) return sql<boolean>`${target} = ${sql.raw(sentinel)}`;
  const bounded = (from: string | null, to: string | null) => {
    const parts: RawBuilder<boolean>[] = [];
    if (from !== null) parts.push(sql<boolean>`${target} >= ${midnightAtHeadquarters(from)}`);
    // The sentinel stands after every real day: an open end leaves the unpaid out.
    parts.push(
      to !== null
        ? sql<boolean>`${target} < ${midnightAtHeadquarters(to, 1)}`
        : sql<boolean>`${target} < ${sql.raw(sentinel)}`,
    );
    return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
  };
  if (raw.includes(filterSyntax.range)) {
    const [fromText = '', toText = '', ...rest] = raw.split(filterSyntax.range);
    if (rest.length > 0 || (fromText === '' && toText === '')) {
      throw badQuery(field, 'invalid_format', `"${raw}" is not a range "from..to"`);
    }
    return bounded(
      fromText === '' ? null : parseDay(field, fromText),
      toText === '' ? null : parseDay(field, toText),
    );
  }
  const days = raw.split(filterSyntax.separator).map((text) => parseDay(field, text));
  if (days.length > 100) throw badQuery(field, 'too_big', 'at most 100 values');
  return sql<boolean>`(${sql.join(
    days.map((day) => bounded(day, day)),
    sql` OR `,
  )})`;
}
