import type { ReactNode } from 'react';

/** One column of a small table's header: its words, right-aligned over numbers. */
export type TableHeaderColumn =
  string | { label: ReactNode; isNumeric?: boolean; className?: string; key?: string };

/**
 * The header row of a small read-only table (a record's changes, a sample, search hits, a
 * chart's figures): one `<th scope="col">` a column, each with the same padding, a gap after
 * every column but the last, and numbers' headers right-aligned like their cells.
 */
export function TableHeaderRow({
  columns,
  padding,
  gap,
  className,
}: {
  columns: readonly TableHeaderColumn[];
  /** The cells' vertical padding, e.g. `py-1.5`. */
  padding: string;
  /** The space after each column but the last, e.g. `pr-3`. */
  gap: string;
  /** The row's own classes (a border, the words' colour). */
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map((column, index) => {
        const {
          label,
          isNumeric,
          className: extra,
          key,
        } = typeof column === 'string' ? { label: column, key: column } : column;
        const classes = [
          extra,
          padding,
          index < columns.length - 1 ? gap : null,
          isNumeric ? 'text-right' : null,
          'font-medium',
        ];
        return (
          <th key={key ?? index} scope="col" className={classes.filter(Boolean).join(' ')}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}
