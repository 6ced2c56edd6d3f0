import { memo, type CSSProperties } from 'react';
import { focusRing } from '@ops/ui/button';
import { columnCellClass, showClippedText, stickySelectionClass } from './data-table-layout';
import type { DataListColumn } from './types';

type RowProps<Row> = {
  row: Row;
  rowId: string;
  /** What the row's checkbox says it selects. */
  rowLabel: string;
  href: string;
  /** The row is the record open beside (or instead of) the list. */
  isOpen: boolean;
  /** The row's element id, stable while the row is in the list. */
  domId: string;
  /** The keyboard's row cursor is on this row (issue 19). */
  isCursor: boolean;
  /** Its link is the table's one tab stop (roving focus: the cursor's row, else the first). */
  isTabStop: boolean;
  columns: readonly DataListColumn<Row>[];
  /** The id of the column that shows on a phone beside the name. */
  phoneStatusId: string | undefined;
  /** 1-based, the header being row 1. */
  rowIndex: number;
  start: number;
  /** The operator's density: 40 px comfortable, 32 px compact. */
  height: number;
  gridStyle: CSSProperties;
  /** undefined when the list has no selection. */
  isSelected: boolean | undefined;
  /** Stable across renders, so that a row re-renders only when its own data changes. */
  onToggle: (id: string) => void;
};

/**
 * One row: cells only display, cut short with the whole text as a tooltip. The row's height is
 * fixed (virtualized), so a cell is never taller than its row (`grid-rows-[100%]`, `max-h-full`):
 * what would wrap to a second line is cut off inside the cell rather than drawn over the
 * neighbouring rows. The primary cell holds the row's link (`data-row-link`); a click anywhere
 * else on the row opens it too (the table's one click handler), so that the cells keep their
 * tooltips and the first column can stick while the row scrolls sideways. The focus ring of the
 * link is drawn around the row.
 */
export const DataRow = memo(function DataRow<Row>({
  row,
  rowId,
  rowLabel,
  href,
  isOpen,
  domId,
  isCursor,
  isTabStop,
  columns,
  phoneStatusId,
  rowIndex,
  start,
  height,
  gridStyle,
  isSelected,
  onToggle,
}: RowProps<Row>) {
  return (
    <div
      role="row"
      id={domId}
      aria-rowindex={rowIndex}
      data-selected={isSelected || undefined}
      data-open={isOpen || undefined}
      data-cursor={isCursor || undefined}
      onPointerOver={showClippedText}
      className="absolute top-0 left-0 grid w-full cursor-pointer grid-cols-(--phone-tracks) grid-rows-[100%] items-center border-b border-slate-100 bg-white px-2 text-sm text-slate-800 hover:bg-sky-50 has-[a[data-row-link]:focus-visible]:outline-2 has-[a[data-row-link]:focus-visible]:-outline-offset-2 has-[a[data-row-link]:focus-visible]:outline-sky-600 data-open:bg-sky-100 data-open:shadow-[inset_3px_0_0] data-open:shadow-sky-600 data-selected:bg-sky-50 data-cursor:outline-2 data-cursor:-outline-offset-2 data-cursor:outline-sky-600/50 md:grid-cols-(--tracks)"
      style={{ ...gridStyle, height, transform: `translateY(${start}px)` }}
    >
      {isSelected !== undefined ? (
        <div
          role="cell"
          className={`flex items-center justify-center self-stretch ${stickySelectionClass}`}
        >
          <input
            type="checkbox"
            checked={isSelected}
            onChange={() => onToggle(rowId)}
            aria-label={`Select ${rowLabel}`}
            className={`size-4 accent-sky-700 ${focusRing}`}
          />
        </div>
      ) : null}
      {columns.map((column, index) => {
        const place = columnCellClass(column, index, phoneStatusId);
        return column.isPrimary ? (
          <div
            key={column.id}
            role="cell"
            className={`min-w-0 px-2 leading-tight ${column.isNumeric ? 'text-right' : ''} ${place}`}
          >
            {/* A plain anchor: the table's one click handler routes it (no router hooks per row). */}
            <a
              href={href}
              data-route-link=""
              data-row-link=""
              data-clips=""
              tabIndex={isTabStop ? 0 : -1}
              // The link leads to the page that is open: screen readers say "current page".
              aria-current={isOpen ? 'page' : undefined}
              className="block min-w-0 truncate font-medium text-sky-800 focus-visible:outline-none"
            >
              {column.render(row)}
            </a>
          </div>
        ) : (
          <div
            key={column.id}
            role="cell"
            className={`max-h-full min-w-0 truncate px-2 ${column.isNumeric ? 'text-right tabular-nums' : ''} ${place}`}
          >
            {column.render(row)}
          </div>
        );
      })}
    </div>
  );
}) as <Row>(props: RowProps<Row>) => React.ReactNode;
