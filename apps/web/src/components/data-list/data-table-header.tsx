import type { CSSProperties } from 'react';
import { focusRing } from '@ops/ui/button';
import type { DataTableProps } from './data-table';
import { columnCellClass, showClippedText, stickySelectionClass } from './data-table-layout';

const SortArrow = ({ direction }: { direction: 'ascending' | 'descending' | undefined }) => (
  <span
    aria-hidden="true"
    className={`shrink-0 ${direction ? 'text-slate-700' : 'text-transparent'}`}
  >
    {direction === 'descending' ? '↓' : '↑'}
  </span>
);

/**
 * The sticky header row: the select-all checkbox and a cell per column, sortable ones as
 * buttons. A label cut short shows in full as a tooltip; the first column's sticks like its cells.
 */
export function DataTableHeader<Row>({
  table,
  phoneStatusId,
  height,
  gridStyle,
}: {
  /** The table's columns, sort and selection, as DataTable has them. */
  table: Pick<DataTableProps<Row>, 'columns' | 'sortOf' | 'onSort' | 'selection'>;
  phoneStatusId: string | undefined;
  /** The rows' height (the operator's density). */
  height: number;
  gridStyle: CSSProperties;
}) {
  const { columns, sortOf, onSort, selection } = table;
  return (
    <div
      role="row"
      aria-rowindex={1}
      onPointerOver={showClippedText}
      className="grid grid-cols-(--phone-tracks) items-center border-b border-slate-200 bg-slate-50 px-2 md:grid-cols-(--tracks)"
      style={{ ...gridStyle, height }}
    >
      {selection ? (
        <div
          role="columnheader"
          className={`flex items-center justify-center self-stretch ${stickySelectionClass}`}
        >
          <input
            type="checkbox"
            aria-label="Select all loaded rows"
            checked={selection.headerState === 'all'}
            ref={(element) => {
              if (element) element.indeterminate = selection.headerState === 'some';
            }}
            onChange={selection.onToggleAll}
            className={`size-4 accent-sky-700 ${focusRing}`}
          />
        </div>
      ) : null}
      {columns.map((column, index) => {
        const direction = column.sortable ? sortOf(column.id) : undefined;
        return (
          <div
            key={column.id}
            role="columnheader"
            aria-sort={direction}
            className={`min-w-0 px-1 ${column.isNumeric ? 'text-right' : ''} ${columnCellClass(column, index, phoneStatusId)}`}
          >
            {column.sortable ? (
              <button
                type="button"
                onClick={() => onSort(column.id)}
                className="inline-flex max-w-full items-center gap-1 rounded px-1 py-1 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600"
              >
                <span data-clips="" className="truncate">
                  {column.label}
                </span>
                <SortArrow direction={direction} />
              </button>
            ) : (
              <span
                data-clips=""
                className="block truncate px-1 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase"
              >
                {column.label}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
