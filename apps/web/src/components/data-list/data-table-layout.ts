import type { DataListColumn } from './types';

/** Spec §9's list defaults: 40 px rows, one row rendered beyond each edge, scroll reset 150 ms. */
export const rowHeight = 40;
export const overscan = 1;
export const scrollResetMs = 150;
/** More rows are fetched when the last rendered row is this close to the end of those loaded. */
export const loadMoreWithin = 10;
export const selectionTrack = '2.75rem';

/**
 * On a phone a row keeps only its name (the primary column) and its status, so that it reads
 * without scrolling sideways; the status is the column with one of these ids.
 */
export const statusColumnIds = new Set(['status', 'state', 'active']);
/** The status column's widest track on a phone; the name takes the rest. */
const phoneStatusTrack = '8.5rem';

/** Whether a column shows on a phone (below `md`); every column shows from `md`. */
export function isShownOnPhone<Row>(
  column: DataListColumn<Row>,
  statusId: string | undefined,
): boolean {
  return column.isPrimary === true || column.id === statusId;
}

/** The grid tracks below `md`: the selection, the name (all the room left) and the status. */
export function phoneTracks<Row>(
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
export const phoneCellClass = (isShown: boolean) => (isShown ? '' : 'hidden md:block');
