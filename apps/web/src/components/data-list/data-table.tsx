import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { focusRing } from '@/components/button';
import type { DataListColumn } from './types';

/** Spec §9's list defaults: 40 px rows, one row rendered beyond each edge, scroll reset 150 ms. */
export const rowHeight = 40;
const overscan = 1;
export const scrollResetMs = 150;
/** More rows are fetched when the last rendered row is this close to the end of those loaded. */
const loadMoreWithin = 10;
const selectionTrack = '2.75rem';

/**
 * On a phone a row keeps only its name (the primary column) and its status, so that it reads
 * without scrolling sideways; the status is the column with one of these ids.
 */
const statusColumnIds = new Set(['status', 'state', 'active']);
/** The status column's widest track on a phone; the name takes the rest. */
const phoneStatusTrack = '8.5rem';

/** Whether a column shows on a phone (below `md`); every column shows from `md`. */
function isShownOnPhone<Row>(column: DataListColumn<Row>, statusId: string | undefined): boolean {
  return column.isPrimary === true || column.id === statusId;
}

/** The grid tracks below `md`: the selection, the name (all the room left) and the status. */
function phoneTracks<Row>(
  columns: readonly DataListColumn<Row>[],
  statusId: string | undefined,
  hasSelection: boolean,
): string {
  const tracks = columns
    .filter((column) => isShownOnPhone(column, statusId))
    .map((column) =>
      column.isPrimary
        ? 'minmax(0,1fr)'
        : // A plain length is kept when narrower; a flexible track gets the fixed width.
          /^[\d.]+(rem|px)$/.test(column.width)
          ? `min(${column.width},${phoneStatusTrack})`
          : phoneStatusTrack,
    );
  return [...(hasSelection ? [selectionTrack] : []), ...tracks].join(' ');
}

/** Hides a cell below `md` unless its column shows on a phone. */
const phoneCellClass = (isShown: boolean) => (isShown ? '' : 'hidden md:block');

/**
 * Where each list view was scrolled to, so that coming back to it (Back from a screen that
 * replaced the list) shows the same rows. Keyed by the view's URL; kept for the session.
 */
const scrollOffsets = new Map<string, number>();

const SortArrow = ({ direction }: { direction: 'ascending' | 'descending' | undefined }) => (
  <span aria-hidden="true" className={direction ? 'text-slate-700' : 'text-transparent'}>
    {direction === 'descending' ? '↓' : '↑'}
  </span>
);

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
const DataRow = memo(function DataRow<Row>({
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

export type DataTableProps<Row> = {
  /** Names the table and its scroll region, e.g. "Members". */
  label: string;
  rows: readonly Row[];
  columns: readonly DataListColumn<Row>[];
  rowKey: (row: Row) => string;
  rowHref: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /** The header's aria-sort of a column. */
  sortOf: (field: string) => 'ascending' | 'descending' | undefined;
  onSort: (field: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** The view's URL query: the scroll position is kept per view, and reset when it changes. */
  viewKey: string;
  /** The query string the row links carry, so the list stays as it is beside the detail. */
  linkSearch: string;
  /** The path of the record that is open (its row is highlighted); the list's own when none. */
  openPath: string;
  /** True while a new view loads and the previous rows are shown. */
  isStale: boolean;
  /** Row selection; absent when the list has no bulk actions. */
  selection?: {
    isSelected: (id: string) => boolean;
    /** The header checkbox: every loaded row selected, some, or none. */
    headerState: 'all' | 'some' | 'none';
    onToggle: (id: string) => void;
    onToggleAll: () => void;
  };
};

/**
 * A list as an ARIA table in a labelled scroll area: a sticky header whose cells sort, only the
 * rows in view rendered (TanStack Virtual), more pages fetched near the end.
 */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowHref,
  rowLabel,
  sortOf,
  onSort,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  viewKey,
  linkSearch,
  openPath,
  isStale,
  selection,
}: DataTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read, not memoized.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // The sticky header row sits above the rows inside the scroll area.
    scrollMargin: rowHeight,
    initialOffset: () => scrollOffsets.get(viewKey) ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // A new view (sort, search, filter) starts at its first row, once its rows are in.
  const shownView = useRef(viewKey);
  useEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    const timer = setTimeout(() => scrollRef.current?.scrollTo({ top: 0 }), scrollResetMs);
    return () => clearTimeout(timer);
  }, [viewKey]);

  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (lastIndex >= rows.length - loadMoreWithin) fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The latest toggle behind a stable function: memoized rows keep their props.
  const toggleRef = useRef(selection?.onToggle);
  useEffect(() => {
    toggleRef.current = selection?.onToggle;
  });
  const onToggle = useCallback((id: string) => toggleRef.current?.(id), []);

  const tracks = [
    ...(selection ? [selectionTrack] : []),
    ...columns.map((column) => column.width),
  ].join(' ');
  const phoneStatusId = columns.find((column) => statusColumnIds.has(column.id))?.id;
  const narrowTracks = phoneTracks(columns, phoneStatusId, selection !== undefined);
  // One object while the columns stay, so that memoized rows are not rendered again. The
  // classes pick the tracks by width (`grid-cols-(--phone-tracks) md:grid-cols-(--tracks)`).
  const gridStyle = useMemo(
    () => ({ '--tracks': tracks, '--phone-tracks': narrowTracks }) as CSSProperties,
    [tracks, narrowTracks],
  );
  const navigate = useNavigate();
  const linkSuffix = linkSearch ? `?${linkSearch}` : '';

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={`${label} list`}
      // Focusable so that the keyboard can scroll it.
      tabIndex={0}
      onScroll={(event) => scrollOffsets.set(viewKey, event.currentTarget.scrollTop)}
      onClick={(event) => {
        // A plain click on a row's link opens the record in the app; a click with a modifier
        // (new tab, new window) is left to the browser.
        const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-route-link]');
        if (
          !link ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        const url = new URL(link.href);
        void navigate(`${url.pathname}${url.search}`);
      }}
      className="h-[min(70vh,42rem)] min-h-64 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
    >
      <div
        role="table"
        aria-label={label}
        aria-rowcount={hasNextPage ? -1 : rows.length + 1}
        aria-busy={isStale || undefined}
        // Below `md` the table is as wide as its area (fewer columns): no scrolling sideways.
        className={`w-full md:w-max md:min-w-full ${isStale ? 'opacity-60' : ''}`}
      >
        <div role="rowgroup" className="sticky top-0 z-10 bg-slate-50">
          <div
            role="row"
            aria-rowindex={1}
            className="grid grid-cols-(--phone-tracks) items-center border-b border-slate-200 px-2 md:grid-cols-(--tracks)"
            style={{ ...gridStyle, height: rowHeight }}
          >
            {selection ? (
              <div role="columnheader" className="flex justify-center">
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
            {columns.map((column) => {
              const direction = column.sortable ? sortOf(column.id) : undefined;
              return (
                <div
                  key={column.id}
                  role="columnheader"
                  aria-sort={direction}
                  className={`min-w-0 px-1 ${column.isNumeric ? 'text-right' : ''} ${phoneCellClass(isShownOnPhone(column, phoneStatusId))}`}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.id)}
                      className="inline-flex items-center gap-1 rounded px-1 py-1 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-sky-600"
                    >
                      {column.label}
                      <SortArrow direction={direction} />
                    </button>
                  ) : (
                    <span className="px-1 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase">
                      {column.label}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const id = rowKey(row);
            const path = rowHref(row);
            return (
              <DataRow
                key={id}
                row={row}
                rowId={id}
                rowLabel={rowLabel(row)}
                href={`${path}${linkSuffix}`}
                isOpen={path === openPath}
                columns={columns}
                phoneStatusId={phoneStatusId}
                rowIndex={item.index + 2}
                start={item.start - rowHeight}
                gridStyle={gridStyle}
                isSelected={selection ? selection.isSelected(id) : undefined}
                onToggle={onToggle}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
