import { filterSyntax } from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import { badQuery } from './list-spec';

/**
 * The values a list's own filter names (`a,b`, each trimmed) out of a fixed set: a 400 naming the
 * filter and the values there are for any other, as the runner answers for an enumeration. The
 * filters a list applies itself (an array test, a derived yes/no) read their values so.
 */
export function ownFilterValues(field: string, raw: string, allowed: readonly string[]): string[] {
  const values = raw.split(filterSyntax.separator).map((value) => value.trim());
  for (const value of values) {
    if (!allowed.includes(value)) {
      throw badQuery(field, 'invalid_value', `"${value}" is not one of ${allowed.join(', ')}`);
    }
  }
  return values;
}

/**
 * A derived yes/no filter (`true`, `false`, or both): the condition, its negation, or none at all
 * when both are asked.
 */
export function yesNoFilter(
  field: string,
  raw: string,
  condition: () => RawBuilder<boolean>,
): RawBuilder<boolean> | null {
  const values = new Set(ownFilterValues(field, raw, ['true', 'false']));
  if (values.size === 2) return null;
  return values.has('true') ? condition() : sql<boolean>`NOT ${condition()}`;
}
