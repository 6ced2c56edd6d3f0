import { memo, type CSSProperties } from 'react';
import { focusRing } from '@/components/button';
import { isShownOnPhone, phoneCellClass, rowHeight } from './data-table-layout';
import type { DataListColumn } from './types';

type RowProps<Row> = {
  row: Row;
  rowId: string;
  /** What the row's checkbox says it selects. */
  rowLabel: string;
  href: string;
  /** The row is the record open beside (or instead of) the list. */
  isOpen: boolean;
  columns: readonly DataListColumn<Row>[];
  /** The id of the column that shows on a phone beside the name. */
  phoneStatusId: string | undefined;
  /** 1-based, the header being row 1. */
  rowIndex: number;
  start: number;
  gridStyle: CSSProperties;
  /** undefined when the list has no selection. */
  isSelected: boolean | undefined;
  /** Stable across renders, so that a row re-renders only when its own data changes. */
  onToggle: (id: string) => void;
};

/** One row: cells only display; the primary cell's link covers the row (hover in CSS). */
export const DataRow = memo(function DataRow<Row>({
  row,
  rowId,
  rowLabel,
  href,
  isOpen,
  columns,
  phoneStatusId,
  rowIndex,
  start,
  gridStyle,
  isSelected,
  onToggle,
}: RowProps<Row>) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      data-selected={isSelected || undefined}
      data-open={isOpen || undefined}
      className="absolute top-0 left-0 grid w-full grid-cols-(--phone-tracks) items-center border-b border-slate-100 px-2 text-sm text-slate-800 hover:bg-sky-50 data-open:bg-sky-100 data-open:shadow-[inset_3px_0_0] data-open:shadow-sky-600 data-selected:bg-sky-50 md:grid-cols-(--tracks)"
      style={{ ...gridStyle, height: rowHeight, transform: `translateY(${start}px)` }}
    >
      {isSelected !== undefined ? (
        <div role="cell" className="relative z-[1] flex justify-center">
          <input
            type="checkbox"
            checked={isSelected}
            onChange={() => onToggle(rowId)}
            aria-label={`Select ${rowLabel}`}
            className={`size-4 accent-sky-700 ${focusRing}`}
          />
        </div>
      ) : null}
      {columns.map((column) =>
        column.isPrimary ? (
          <div key={column.id} role="cell" className="min-w-0 px-2 leading-tight">
            {/* A plain anchor: the table's one click handler routes it (no router hooks per row). */}
            <a
              href={href}
              data-route-link=""
              // The link leads to the page that is open: screen readers say "current page".
              aria-current={isOpen ? 'page' : undefined}
              className={[
                'block truncate font-medium text-sky-800 focus-visible:outline-none',
                // The link's box covers the row: a click anywhere on it opens the record, and
                // the focus ring is drawn around the row.
                'after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-sky-600',
              ].join(' ')}
            >
              {column.render(row)}
            </a>
          </div>
        ) : (
          <div
            key={column.id}
            role="cell"
            className={`min-w-0 truncate px-2 ${column.isNumeric ? 'text-right tabular-nums' : ''} ${phoneCellClass(isShownOnPhone(column, phoneStatusId))}`}
          >
            {column.render(row)}
          </div>
        ),
      )}
    </div>
  );
}) as <Row>(props: RowProps<Row>) => React.ReactNode;
