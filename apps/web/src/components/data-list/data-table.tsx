import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { useListRowHeight } from '@/lib/api/preferences';
import { DataRow } from './data-row';
import { DataTableHeader } from './data-table-header';
import { loadMoreWithin, overscan, scrollResetMs, tableLayout } from './data-table-layout';
import type { DataListColumn, DetailQuery } from './types';
import { useListKeyboard } from './use-list-keyboard';

export { scrollResetMs } from './data-table-layout';

/**
 * Where each list view was scrolled to, so that coming back to it (Back from a screen that
 * replaced the list) shows the same rows. Keyed by the view's URL; kept for the session.
 */
const scrollOffsets = new Map<string, number>();

/** What a click inside a row does by itself: its own links and controls. */
const interactiveSelector = 'a, button, input, select, textarea, label, summary';

/**
 * The table's one click handler for its row links (no router hooks per row). A click anywhere
 * on a row opens its record, as a click on its link (`data-row-link`) does: the link no longer
 * covers the row with its box, so that the cells show their tooltips and the first column can
 * stick (a sticky cell would hold the covering box). Other links and controls in a row (a
 * member's name, the checkbox) do what they do; a person selecting text opens nothing.
 */
function openRouteLinkInApp(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  const target = event.target as HTMLElement;
  let link = target.closest<HTMLAnchorElement>('a[data-route-link]');
  if (!link) {
    if (target.closest(interactiveSelector)) return;
    if (window.getSelection()?.isCollapsed === false) return;
    link = target.closest('[role="row"]')?.querySelector('a[data-row-link]') ?? null;
    if (!link) return;
    // Beside the link, a click with a modifier (or the middle button) opens it in a new tab,
    // as it would on the link itself.
    if (event.button === 1 || event.metaKey || event.ctrlKey || event.shiftKey) {
      window.open(link.href, '_blank', 'noopener');
      return;
    }
  }
  // A plain click on a row's link opens the record in the app; a click with a modifier
  // (new tab, new window) on the link is left to the browser.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
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
    /** `Shift+X`: adds the rows from the anchor's index to the cursor's (issue 19). */
    onSelectRange?: (anchorIndex: number, cursorIndex: number) => void;
  };
  /** The open record's neighbours are fetched ahead with it (`[`/`]`, issue 19). */
  detailQuery?: DetailQuery<Row>;
};

/**
 * A list as an ARIA table in a labelled scroll area: a sticky header whose cells sort, only the
 * rows in view rendered (TanStack Virtual), more pages fetched near the end.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    rows,
    columns,
    rowKey,
    rowHref,
    rowLabel,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    viewKey,
    linkSearch,
    openPath,
    isStale,
    selection,
  } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The operator's density (issue 19): 40 px comfortable, 32 px compact.
  const rowHeight = useListRowHeight();
  // The row cursor and the list's keys (j/k, Enter, x, [ ], Esc) read the table's own props:
  // use-list-keyboard.ts.
  const keyboard = useListKeyboard({ ...props, scrollRef, rowHeight });
  const { cursorIndex, noteToggled } = keyboard;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read, not memoized.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // The sticky header row sits above the rows inside the scroll area.
    scrollMargin: rowHeight,
    initialOffset: () => scrollOffsets.get(viewKey) ?? 0,
    rangeExtractor: keyboard.rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  // Rows are not measured: a new density lays every row out again from its estimate.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
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
  const onToggle = useCallback(
    (id: string) => {
      noteToggled(id); // where Shift+X starts
      toggleRef.current?.(id);
    },
    [noteToggled],
  );
  // The cursor row's link is the table's one tab stop (roving focus); without a cursor, the
  // first row's.
  const tabStopIndex = Math.max(cursorIndex, 0);

  // One object while the columns stay, so that memoized rows are not rendered again.
  const hasSelection = selection !== undefined;
  const { phoneStatusId, gridStyle, tableStyle } = useMemo(
    () => tableLayout(columns, hasSelection),
    [columns, hasSelection],
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
      onAuxClick={(event) => openRouteLinkInApp(event, navigate)}
      className="h-[min(70vh,42rem)] min-h-64 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
    >
      <div
        role="table"
        aria-label={label}
        aria-rowcount={hasNextPage ? -1 : rows.length + 1}
        aria-busy={isStale || undefined}
        // Below `md` the table is as wide as its area (fewer columns): no scrolling sideways.
        // From `md` too, unless the columns' least widths need more (data-table-layout.ts).
        className={`w-full md:min-w-(--table-min) ${isStale ? 'opacity-60' : ''}`}
        style={tableStyle}
      >
        <div role="rowgroup" className="sticky top-0 z-10 bg-slate-50">
          <DataTableHeader
            table={props}
            phoneStatusId={phoneStatusId}
            height={rowHeight}
            gridStyle={gridStyle}
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
                domId={keyboard.rowDomId(id)}
                isCursor={item.index === cursorIndex}
                isTabStop={item.index === tabStopIndex}
                columns={columns}
                phoneStatusId={phoneStatusId}
                rowIndex={item.index + 2}
                start={item.start - rowHeight}
                height={rowHeight}
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
