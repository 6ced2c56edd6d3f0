import { maxSelectedIds, type Selection } from './list-state';

/**
 * The row cursor of a list (issue 19), as plain functions: where `j`/`k` move it, which rows
 * `Shift+X` selects, and the link a row opens. `use-list-keyboard.ts` holds the state.
 */

/** The cursor: the row's key (it follows the row when rows load or move) and its last index. */
export type ListCursor = { id: string; index: number };

/**
 * The first row wholly in view below the sticky header, at a scroll offset: the row a first
 * `j` puts the cursor on, so that it starts where the person is looking.
 */
export function firstRowInView(scrollTop: number, rowHeight: number, count: number): number {
  if (count === 0) return -1;
  return Math.min(Math.max(0, Math.ceil(scrollTop / rowHeight)), count - 1);
}

/**
 * The cursor's index after a move of `delta` rows (clamped to the loaded rows), or the first
 * row in view when there is no cursor yet.
 */
export function movedCursor(
  current: number,
  delta: number,
  count: number,
  firstInView: number,
): number {
  if (count === 0) return -1;
  if (current < 0) return Math.min(Math.max(firstInView, 0), count - 1);
  return Math.min(Math.max(current + delta, 0), count - 1);
}

/**
 * The scroll offset that shows row `index` whole below the sticky header (one row high): the
 * current one when it already does, else the least move (row at the top going up, at the
 * bottom going down), as a person walking the rows expects.
 */
export function scrollTopShowing(
  index: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
): number {
  // In the scroll area's content the header comes first, then row 0.
  const top = rowHeight * (index + 1);
  const bottom = top + rowHeight;
  if (top < scrollTop + rowHeight) return Math.max(0, top - rowHeight);
  if (bottom > scrollTop + viewHeight) return bottom - viewHeight;
  return scrollTop;
}

/** The cursor's index: its row's, or where it was when the row is gone (a live refresh). */
export function cursorIndexOf(
  cursor: ListCursor | null,
  indexById: ReadonlyMap<string, number>,
  count: number,
): number {
  if (cursor === null || count === 0) return -1;
  return indexById.get(cursor.id) ?? Math.min(cursor.index, count - 1);
}

/**
 * `Shift+X`: the selection with every row from the anchor (the row last toggled with `x` or
 * its checkbox) to the cursor added, both included; at most `maxSelectedIds` rows, as picking
 * them one by one allows. Every row of the view stays every row.
 */
export function selectRange(
  selection: Selection,
  rowIds: readonly string[],
  anchorIndex: number,
  cursorIndex: number,
): Selection {
  if (selection.kind === 'all' || cursorIndex < 0 || cursorIndex >= rowIds.length) {
    return selection;
  }
  const from = anchorIndex < 0 || anchorIndex >= rowIds.length ? cursorIndex : anchorIndex;
  const [start, end] = from <= cursorIndex ? [from, cursorIndex] : [cursorIndex, from];
  const ids = new Set(selection.kind === 'ids' ? selection.ids : []);
  for (let index = start; index <= end && ids.size < maxSelectedIds; index++) {
    const id = rowIds[index];
    if (id !== undefined) ids.add(id);
  }
  return ids.size === 0 ? { kind: 'none' } : { kind: 'ids', ids: [...ids] };
}

/**
 * The link of a row, as a click on it follows: the record with the list's view, so the list
 * stays as it is beside the record. A link with a query of its own (the activity log's rows
 * open another list's record on its History tab) keeps it.
 */
export function rowLinkOf(path: string, linkSearch: string): string {
  if (path.includes('?') || linkSearch === '') return path;
  return `${path}?${linkSearch}`;
}

/** The list's own URL with its view, without a record's tab: where `Esc` on a record returns. */
export function listHrefOf(listPath: string, search: string, tabParam: string): string {
  const params = new URLSearchParams(search);
  params.delete(tabParam);
  const query = params.toString();
  return query ? `${listPath}?${query}` : listPath;
}
