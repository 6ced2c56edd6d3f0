import type { ReactNode } from 'react';

export type RecordTableColumn<Row> = {
  id: string;
  /** The column's header, and the label of each value when the rows stack. */
  label: string;
  /** The header is for screen readers only (a column of buttons). */
  isLabelHidden?: boolean;
  /**
   * The column that names the row (a line's description, a movement's kind): the first line
   * of a stacked row, in bold, without a label.
   */
  isKey?: boolean;
  /** Amounts and counts: right-aligned, tabular figures. */
  isNumeric?: boolean;
  /** Kept on one line (dates, amounts, document numbers). */
  isNoWrap?: boolean;
  /** More classes of the column's cells (a smaller or fixed-width font). */
  className?: string;
  /** The cell; null, undefined, false or '' is an empty cell, left out of a stacked row. */
  render: (row: Row, index: number) => ReactNode;
};

/** A line below the rows (a subtotal, the total): its label, and its value under the last column. */
export type RecordTableTotal = {
  label: string;
  value: ReactNode;
  isStrong?: boolean;
  testId?: string;
};

/**
 * The width of the record below which the rows stack (Tailwind's container sizes: sm 24rem,
 * md 28rem, lg 32rem, xl 36rem, 2xl 42rem, 3xl 48rem): about the least width the columns need
 * side by side.
 */
export type RecordTableStackWidth = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl';

export type RecordTableProps<Row> = {
  /** The table's accessible name ("Payments and other movements"). */
  label: string;
  columns: readonly RecordTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Classes of a row (a reversed payment struck through). */
  rowClassName?: (row: Row) => string;
  totals?: readonly RecordTableTotal[];
  stackBelow: RecordTableStackWidth;
};

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

/**
 * A table inside a record (an invoice's lines and payments, a member's ledger) that fits the
 * record's width: side by side where there is room, and below `stackBelow` (the record on a
 * phone, or beside its list) each row a card of label: value lines, its key column first, so
 * the page never scrolls sideways and no column is cut off. The width is the record's, not the
 * screen's (a container query), so the same table stacks beside the list and not at full width.
 *
 * It stays a table for assistive technology in both layouts: the header row is only visually
 * hidden when stacked, the labels drawn in the cells are hidden from screen readers (the header
 * names the cell), and the rows and cells say their roles explicitly, since a table whose parts
 * are laid out as blocks may otherwise lose them.
 */
export function RecordTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
  totals = [],
  stackBelow,
}: RecordTableProps<Row>) {
  const align = (column: RecordTableColumn<Row>) =>
    [
      column.isNumeric ? 'text-right tabular-nums' : 'text-left',
      column.isNoWrap || column.isNumeric ? 'whitespace-nowrap' : '',
    ].join(' ');
  return (
    <div data-stack-below={stackBelow} className="@container/record-table min-w-0">
      <table
        aria-label={label}
        className="w-full text-sm stacked:block stacked:[overflow-wrap:anywhere]"
      >
        <thead className="stacked:sr-only">
          <tr role="row" className="border-b border-slate-200 text-left text-slate-600">
            {columns.map((column, index) => (
              <th
                key={column.id}
                role="columnheader"
                scope="col"
                className={`py-1 font-medium ${index < columns.length - 1 ? 'pr-2' : ''} ${column.isNumeric ? 'text-right' : ''}`}
              >
                {column.isLabelHidden ? (
                  <span className="sr-only">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="stacked:flex stacked:flex-col stacked:gap-2">
          {rows.map((row, rowIndex) => (
            <tr
              key={rowKey(row, rowIndex)}
              role="row"
              className={`border-b border-slate-100 align-top stacked:flex stacked:flex-col stacked:gap-0.5 stacked:rounded-lg stacked:border stacked:border-slate-200 stacked:px-3 stacked:py-2 ${rowClassName?.(row) ?? ''}`}
            >
              {columns.map((column, index) => {
                const content = column.render(row, rowIndex);
                const padding = index < columns.length - 1 ? 'pr-2' : '';
                if (column.isKey) {
                  return (
                    <td
                      key={column.id}
                      role="cell"
                      className={`py-1 ${padding} ${align(column)} ${column.className ?? ''} stacked:order-first stacked:p-0 stacked:text-left stacked:font-medium stacked:whitespace-normal`}
                    >
                      {content}
                    </td>
                  );
                }
                return (
                  <td
                    key={column.id}
                    role="cell"
                    className={`py-1 ${padding} ${align(column)} ${column.className ?? ''} stacked:flex stacked:items-baseline stacked:justify-between stacked:gap-4 stacked:p-0 ${isEmpty(content) ? 'stacked:hidden' : ''} ${column.isLabelHidden ? 'stacked:justify-end' : ''}`}
                  >
                    {/* An inline block: a struck-through row's line does not cross its labels. */}
                    {column.isLabelHidden ? null : (
                      <span
                        aria-hidden="true"
                        className="hidden shrink-0 text-left font-normal whitespace-nowrap text-slate-600 stacked:inline-block"
                      >
                        {column.label}
                      </span>
                    )}
                    <span className="min-w-0 stacked:text-right">{content}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {totals.length > 0 ? (
          <tfoot className="tabular-nums stacked:mt-2 stacked:flex stacked:flex-col stacked:gap-0.5">
            {totals.map((total, index) => (
              <tr
                key={total.label}
                role="row"
                className={`${total.isStrong ? 'font-semibold' : ''} stacked:flex stacked:justify-between stacked:gap-4 stacked:px-3`}
              >
                <td
                  role="cell"
                  colSpan={columns.length - 1}
                  className={`${index === 0 ? 'pt-2' : ''} pr-2 text-right ${total.isStrong ? '' : 'text-slate-600'} stacked:p-0 stacked:text-left`}
                >
                  {total.label}
                </td>
                <td
                  role="cell"
                  data-testid={total.testId}
                  className={`${index === 0 ? 'pt-2' : ''} text-right whitespace-nowrap stacked:p-0`}
                >
                  {total.value}
                </td>
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
