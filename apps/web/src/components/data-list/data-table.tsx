import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type MouseEvent,
} from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { DataRow } from './data-row';
import { DataTableHeader } from './data-table-header';
import {
  loadMoreWithin,
  overscan,
  phoneTracks,
  rowHeight,
  scrollResetMs,
  selectionTrack,
  statusColumnIds,
} from './data-table-layout';
import type { DataListColumn } from './types';

export { rowHeight, scrollResetMs } from './data-table-layout';

/**
 * Where each list view was scrolled to, so that coming back to it (Back from a screen that
 * replaced the list) shows the same rows. Keyed by the view's URL; kept for the session.
 */
const scrollOffsets = new Map<string, number>();

/**
 * The table's one click handler for its row links (no router hooks per row).
 */
function openRouteLinkInApp(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
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
}

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
      onClick={(event) => openRouteLinkInApp(event, navigate)}
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
          <DataTableHeader
            columns={columns}
            phoneStatusId={phoneStatusId}
            gridStyle={gridStyle}
            sortOf={sortOf}
            onSort={onSort}
            selection={selection}
          />
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
                // A link with a query of its own (the activity log's rows open another list's
                // record on its History tab) keeps it: this list's view means nothing there.
                href={path.includes('?') ? path : `${path}${linkSuffix}`}
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
