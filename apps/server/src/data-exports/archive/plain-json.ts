/**
 * A database row as the archive writes it: camelCase names, instants as ISO 8601, and none of the
 * columns that are bookkeeping of ours rather than the member's data (who on the staff wrote a
 * row: `created_by`, `updated_by`; internal references such as a card processor's customer id).
 * Money stays what it is, an integer of minor units beside its currency, as a string.
 */
export function plainJson(
  row: Record<string, unknown>,
  leftOut: readonly string[] = [],
): Record<string, unknown> {
  const skipped = new Set([...bookkeepingColumns, ...leftOut]);
  const plain: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (skipped.has(column)) continue;
    plain[camelCase(column)] = plainValue(value);
  }
  return plain;
}

const bookkeepingColumns = ['created_by', 'updated_by', 'deleted_at'];

function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function plainValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}
