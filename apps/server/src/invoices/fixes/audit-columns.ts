/**
 * A repair's audit entry keeps only the columns it touches (and the version), not the whole row:
 * the trail of a fix reads as what the fix changed.
 */
export function auditColumns(...columns: string[]) {
  return (row: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(columns.map((column) => [column, row[column]]));
}
