import { savedViewLists, type SavedViewListName } from '@ops/contract/saved-view-lists';
import type { TSavedViewDroppedPart } from '@ops/contract/saved-views';
import { formatListState, type ListShape, type ListState } from '../list-state';

/**
 * A saved view ↔ the list's URL (issue 19). A view keeps what the URL carries (q, sort, the
 * filters, `cols`), never the selection or a cursor; opening one goes to its list's path with
 * the server's `openParams` (the view without what no longer applies).
 */

/** Parameters of a list URL that are no part of a view. */
const notViewParams = new Set(['selected', 'cursor', 'limit']);

/** The view of a list's current state, as the save and the update send it (without "?"). */
export function viewParamsOf(state: ListState, shape: ListShape): string {
  return formatListState({ ...state, selection: { kind: 'none' } }, shape);
}

/**
 * A view's query in one spelling, to tell whether the URL shows a saved view: parameters by
 * name, decoded, empty ones and the selection left out (the server and the list may encode or
 * order them differently).
 */
export function canonicalViewParams(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ''));
  const entries = [...params.entries()]
    .filter(([name, value]) => !notViewParams.has(name) && value.trim() !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/** Whether a URL's query shows the view that opens with `openParams`. */
export function isViewShown(search: string, openParams: string): boolean {
  return canonicalViewParams(search) === canonicalViewParams(openParams);
}

/** The address that opens a view: its list's path and its `openParams`. */
export function viewHref(view: { list: SavedViewListName; openParams: string }): string {
  const { path } = savedViewLists[view.list];
  return view.openParams ? `${path}?${view.openParams}` : path;
}

/**
 * What a view's link carries across the navigation: the parts left out when it opened, for
 * the notice above the list (they are not in its URL).
 */
export type SavedViewLocationState = {
  savedView: { id: string; name: string; dropped: string[] };
};

export function viewLocationState(view: {
  id: string;
  name: string;
  dropped: readonly TSavedViewDroppedPart[];
}): SavedViewLocationState {
  return {
    savedView: { id: view.id, name: view.name, dropped: view.dropped.map((part) => part.message) },
  };
}

/** The dropped parts' messages a location carries, or none. */
export function droppedMessagesOf(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('savedView' in state)) return [];
  const { savedView } = state as { savedView?: { dropped?: unknown } };
  const dropped = savedView?.dropped;
  return Array.isArray(dropped)
    ? dropped.filter((item): item is string => typeof item === 'string')
    : [];
}

/** Whether a list definition's name is one that saved views keep. */
export function isSavedViewList(name: string): name is SavedViewListName {
  return Object.hasOwn(savedViewLists, name);
}

const compactFormat = new Intl.NumberFormat('en', { notation: 'compact' });
const countFormat = new Intl.NumberFormat('en');

/**
 * A view's count in the sidebar, short: "1,234" when counted, "~120K" when the planner
 * estimated it; and the words a screen reader says ("1,234 members", "about 120,000 members").
 */
export function formatViewCount(
  total: number,
  isExact: boolean,
  noun: { one: string; many: string },
): { short: string; spoken: string } {
  const short = isExact
    ? countFormat.format(total)
    : `~${total < 10_000 ? countFormat.format(total) : compactFormat.format(total)}`;
  const words = isExact ? countFormat.format(total) : `about ${countFormat.format(total)}`;
  return { short, spoken: `${words} ${total === 1 ? noun.one : noun.many}` };
}
