import { useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useLocation, useNavigate, useResolvedPath } from 'react-router';
import { tabParam } from '@/components/detail/detail-tabs';
import { useShortcuts } from '@/lib/shortcuts';
import {
  cursorIndexOf,
  firstRowInView,
  listHrefOf,
  movedCursor,
  rowLinkOf,
  scrollTopShowing,
  type ListCursor,
} from './list-cursor';
import type { DataTableProps } from './data-table';

/** The keys that act again while held: walking rows and records. */
const repeatable = ['j', 'k', 'ArrowDown', 'ArrowUp', '[', ']'];

/** The keyboard reads the table's own rows, links and paging (DataTable's props). */
type ListKeyboardOptions<Row> = Pick<
  DataTableProps<Row>,
  | 'rows'
  | 'rowKey'
  | 'rowHref'
  | 'linkSearch'
  | 'openPath'
  | 'viewKey'
  | 'hasNextPage'
  | 'isFetchingNextPage'
  | 'fetchNextPage'
  | 'detailQuery'
> & {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The rows' height (the operator's density); the sticky header is one row high. */
  rowHeight: number;
  /** Row selection (`x`, `Shift+X`); absent when the list has none. */
  selection?: Pick<NonNullable<DataTableProps<Row>['selection']>, 'onToggle' | 'onSelectRange'>;
};

/**
 * The list's keyboard (issue 19): a row cursor moved by `j`/`k`/arrows, `Enter`/`o` to open
 * its row, `x`/`Shift+X` to select, and on an open record of this list `[`/`]` (the
 * neighbours in the list's order, fetched ahead) and `Esc` (back to the list at the same row).
 *
 * The cursor is announced by roving focus rather than `aria-activedescendant`: the cursor
 * row's link is the table's one tab stop and takes the focus as the cursor moves, so a screen
 * reader reads the row's name in its table, and Enter is the link's own. An active descendant
 * needs a composite widget to hang on; here that would make the scroll region or the table a
 * grid (cell-by-cell arrow keys, a different reading mode) for a list whose cells only display.
 * The cursor row is kept rendered however far it is scrolled out of view (`rangeExtractor`),
 * so the focus never lands on a row the virtualizer has dropped.
 */
export function useListKeyboard<Row>({
  rows,
  rowKey,
  rowHref,
  linkSearch,
  openPath,
  viewKey,
  scrollRef,
  rowHeight,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  selection,
  detailQuery,
}: ListKeyboardOptions<Row>) {
  const { onToggle, onSelectRange } = selection ?? {};
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const listPath = useResolvedPath('.').pathname;
  const domIdPrefix = useId();

  const indexById = useMemo(
    () => new Map(rows.map((row, index) => [rowKey(row), index])),
    [rows, rowKey],
  );
  const openIndex = useMemo(
    () => rows.findIndex((row) => rowHref(row) === openPath),
    [rows, rowHref, openPath],
  );
  const openRow = openIndex >= 0 ? rows[openIndex] : undefined;
  const openId = openRow === undefined ? null : rowKey(openRow);
  const isRecordOpen = openPath !== listPath && openPath.startsWith(`${listPath}/`);

  const [cursor, setCursor] = useState<ListCursor | null>(() =>
    openId === null ? null : { id: openId, index: openIndex },
  );
  // The cursor is on the open record's row: set when another record opens (a click, `]`).
  const [cursorOpenId, setCursorOpenId] = useState(openId);
  const [cursorView, setCursorView] = useState(viewKey);
  if (openId !== cursorOpenId || viewKey !== cursorView) {
    setCursorOpenId(openId);
    setCursorView(viewKey);
    // A new view starts without a cursor (its rows are others), unless a record is open in it.
    if (openId !== null) setCursor({ id: openId, index: openIndex });
    else if (viewKey !== cursorView) setCursor(null);
  }
  const cursorIndex = cursorIndexOf(cursor, indexById, rows.length);

  /** Whether the next cursor change takes the focus (a move; not a record opened by a click). */
  const isFocusWanted = useRef(false);
  /** A move scrolled already, in the key's handler, where reading the layout costs nothing. */
  const isScrolled = useRef(false);
  /** The row last toggled, where `Shift+X` starts. */
  const anchorId = useRef<string | null>(null);
  /** A `]` at the end of the loaded rows waits for the next page. */
  const stepAfterLoad = useRef<string | null>(null);

  const rowDomId = useCallback((id: string) => `${domIdPrefix}-row-${id}`, [domIdPrefix]);

  /** Scrolls the least that shows the row whole below the sticky header (none when it is). */
  const scrollToRow = useCallback(
    (index: number) => {
      const container = scrollRef.current;
      if (!container || container.clientHeight === 0) return;
      const top = scrollTopShowing(index, rowHeight, container.scrollTop, container.clientHeight);
      if (top !== container.scrollTop) container.scrollTop = top;
    },
    [scrollRef, rowHeight],
  );

  /** Gives the cursor row's link the focus; false while it cannot take it (the list hidden). */
  const focusCursorRow = useCallback(
    (id: string) => {
      const row = document.getElementById(rowDomId(id));
      const link =
        row?.querySelector<HTMLElement>('a[data-row-link]') ??
        row?.querySelector<HTMLElement>('a[data-route-link]');
      link?.focus({ preventScroll: true });
      return link !== undefined && link !== null && document.activeElement === link;
    },
    [rowDomId],
  );

  // Keep the cursor row in view, and give it the focus when the person moved it, or when the
  // focus was on the previous cursor row (`]` from the table moves along).
  useLayoutEffect(() => {
    if (cursor === null) return;
    const index = indexById.get(cursor.id);
    if (index === undefined) return;
    // After the commit, reading the scroll area's size lays the page out again: skipped when
    // the key's handler scrolled (holding `j` must stay well under a frame per row).
    if (!isScrolled.current) scrollToRow(index);
    isScrolled.current = false;
    const container = scrollRef.current;
    const focused = document.activeElement;
    const isFocusInRows =
      container !== null && focused !== container && container.contains(focused);
    if (!isFocusWanted.current && !isFocusInRows) return;
    if (focusCursorRow(cursor.id)) isFocusWanted.current = false;
    // The rows and their indexes are read at the cursor's change only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cursor]);

  // Below the side-by-side width the list is hidden while a record is open: the focus asked
  // for by `Esc` lands once the list shows again.
  useEffect(() => {
    if (isRecordOpen || !isFocusWanted.current || cursor === null) return;
    const index = indexById.get(cursor.id);
    if (index !== undefined) scrollToRow(index);
    if (focusCursorRow(cursor.id)) isFocusWanted.current = false;
    // Only the record closing matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRecordOpen]);

  const hrefOf = useCallback(
    (row: Row) => rowLinkOf(rowHref(row), linkSearch),
    [rowHref, linkSearch],
  );

  // The open record's neighbours, fetched ahead (`]` renders from the cache), and the next page
  // when it is near the end of the loaded rows. The record's screen code is already loaded: `]`
  // stays on the same route.
  useEffect(() => {
    if (openIndex < 0) return;
    for (const index of [openIndex + 1, openIndex - 1]) {
      const row = rows[index];
      if (row !== undefined && detailQuery) void queryClient.prefetchQuery(detailQuery(row));
    }
    if (hasNextPage && !isFetchingNextPage && openIndex >= rows.length - 3) fetchNextPage();
  }, [openIndex, rows, detailQuery, queryClient, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A `]` pressed on the last loaded row goes on once the next page is in.
  useEffect(() => {
    if (stepAfterLoad.current === null) return;
    if (stepAfterLoad.current !== openId) {
      stepAfterLoad.current = null;
      return;
    }
    const next = rows[openIndex + 1];
    if (next === undefined) {
      if (!hasNextPage) stepAfterLoad.current = null;
      return;
    }
    stepAfterLoad.current = null;
    void navigate(hrefOf(next));
  }, [rows, openId, openIndex, hasNextPage, hrefOf, navigate]);

  const move = (delta: number) => {
    if (rows.length === 0) return false;
    const firstInView = firstRowInView(scrollRef.current?.scrollTop ?? 0, rowHeight, rows.length);
    const index = movedCursor(cursorIndex, delta, rows.length, firstInView);
    const row = rows[index];
    if (row === undefined) return false;
    isFocusWanted.current = true;
    scrollToRow(index);
    isScrolled.current = true;
    setCursor({ id: rowKey(row), index });
    // Moving on from the last loaded row loads the next page, as scrolling does.
    if (delta > 0 && index === rows.length - 1 && hasNextPage && !isFetchingNextPage) {
      fetchNextPage();
    }
    return true;
  };

  const cursorRow = cursorIndex >= 0 ? rows[cursorIndex] : undefined;

  const open = () => {
    if (cursorRow === undefined) return false;
    void navigate(hrefOf(cursorRow));
    return true;
  };

  const step = (delta: number) => {
    if (openIndex < 0) return false;
    const row = rows[openIndex + delta];
    if (row !== undefined) {
      void navigate(hrefOf(row));
    } else if (delta > 0 && hasNextPage) {
      stepAfterLoad.current = openId;
      if (!isFetchingNextPage) fetchNextPage();
    }
    return true;
  };

  useShortcuts(
    {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      Enter: open,
      o: open,
      x: () => {
        if (!onToggle || cursorRow === undefined) return false;
        const id = rowKey(cursorRow);
        anchorId.current = id;
        onToggle(id);
        return true;
      },
      'Shift+X': () => {
        if (!onSelectRange || cursorRow === undefined) return false;
        const anchor = anchorId.current === null ? -1 : (indexById.get(anchorId.current) ?? -1);
        onSelectRange(anchor, cursorIndex);
        anchorId.current = rowKey(cursorRow);
        return true;
      },
      ']': () => step(1),
      '[': () => step(-1),
      Escape: () => {
        if (!isRecordOpen) return false;
        // Back to the list with its view; the list stayed mounted, so its scroll is as it was.
        isFocusWanted.current = true;
        void navigate(listHrefOf(listPath, search, tabParam));
        if (openId !== null) setCursor({ id: openId, index: openIndex });
        else scrollRef.current?.focus({ preventScroll: true });
        return true;
      },
    },
    { repeatable },
  );

  // The cursor row stays rendered wherever it is, so that it can hold the focus.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (cursorIndex < 0 || indexes.includes(cursorIndex)) return indexes;
      return [...indexes, cursorIndex].sort((a, b) => a - b);
    },
    [cursorIndex],
  );

  /** A toggle by checkbox is an anchor for `Shift+X` too. */
  const noteToggled = useCallback((id: string) => {
    anchorId.current = id;
  }, []);

  return { cursorIndex, rangeExtractor, rowDomId, noteToggled };
}
