import type { RawBuilder } from 'kysely';
import type { AnySelect, ListDefinition } from './run-list';

/**
 * A list with the conditions of one request's own filters (those the runner leaves to the list:
 * an array test, a region, days at headquarters) joined to its fixed FROM; the list itself when
 * there are none. The per-request lists (`…ListFor`) are built so, and the page, the export and a
 * bulk action on every matching row all read the same rows.
 */
export function withOwnConditions<Row extends Record<string, unknown>, Item>(
  list: ListDefinition<Row, Item>,
  conditions: readonly RawBuilder<boolean>[],
): ListDefinition<Row, Item> {
  if (conditions.length === 0) return list;
  return {
    ...list,
    from: (db) =>
      conditions.reduce<AnySelect>((from, condition) => from.where(condition), list.from(db)),
  };
}
