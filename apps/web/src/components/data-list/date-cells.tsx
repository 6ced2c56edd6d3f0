import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@ops/ui/format';

/** The width and cell of a column, for a column definition to spread in after its id and label. */
type DateCell<Row> = { width: string; render: (row: Row) => ReactNode };

/**
 * A column of a date and time (submitted, issued, last sign-in…): every list shows it alike, in
 * tabular figures in a track as wide as the longest formatted value, and `empty` (nothing unless
 * said) where the row has none yet.
 */
export function dateTimeCell<Row>(
  at: (row: Row) => string | null | undefined,
  empty = '',
): DateCell<Row> {
  return {
    width: '10.5rem',
    render: (row) => {
      const value = at(row);
      return <span className="tabular-nums">{value ? formatDateTime(value) : empty}</span>;
    },
  };
}

/** A column of a calendar date (joined, due, valid to…), like `dateTimeCell` in a narrower track. */
export function dateCell<Row>(on: (row: Row) => string | null | undefined): DateCell<Row> {
  return {
    width: '7.5rem',
    render: (row) => <span className="tabular-nums">{formatDate(on(row))}</span>,
  };
}
