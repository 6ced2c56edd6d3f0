import type { TReportCell } from '@ops/contract/reports';

/**
 * Reading a report's rows, the same on the report screens and on the home screen's trends
 * (which draw from the same reports).
 */

/** A cell's number; null when it is none (an empty cell, a missing rate). */
export function numberOf(cell: TReportCell | undefined): number | null {
  return typeof cell === 'number' && Number.isFinite(cell) ? cell : null;
}

/** The values once each, in the order they first come. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
