import type { CSSProperties, PointerEvent } from 'react';
import type { DataListColumn } from './types';

/**
 * Spec §9's list defaults: one row rendered beyond each edge, scroll reset 150 ms. The row height
 * is the operator's density (`listRowHeights` of `@ops/contract/preferences`: 40 px comfortable,
 * as the spec says, 32 px compact), passed down from `useListRowHeight`.
 */
export const overscan = 1;
export const scrollResetMs = 150;
/** More rows are fetched when the last rendered row is this close to the end of those loaded. */
export const loadMoreWithin = 10;
export const selectionTrack = '2.75rem';
/** The row's own padding on each side (`px-2`), which the table's least width counts. */
const rowPadding = '0.5rem';

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

/**
 * The least width of a column's track: the length itself (`7rem`), or the minimum of a
 * `minmax(<min>,<max>)`; nothing for a track without one (`1fr`).
 */
export function leastTrackWidth(width: string): string | null {
  const track = width.trim();
  if (/^[\d.]+(rem|px|ch)$/.test(track)) return track;
  const minimum = /^minmax\(\s*([\d.]+(?:rem|px|ch))\s*,/.exec(track)?.[1];
  return minimum ?? null;
}

/**
 * The grid of a table: its tracks (from `md`, and the fewer ones of a phone), where the first
 * column sticks when scrolled sideways, and the table's least width.
 *
 * Columns size to their content by kind, declared in each list definition's `width`: a fixed
 * length for what has a known size (a number, a date, an amount, a status badge), and
 * `minmax(<least>,<n>fr)` for text (names, addresses, subjects), which shares the room left
 * over, the name the largest share. The table is as wide as its area and never narrower than
 * the sum of the least widths: below that it scrolls sideways, the selection and the first
 * column staying in view (sticky). It is not sized to its content (`max-content`): every row is
 * a grid of its own (virtualized), and flexible tracks sized to content grow with the widest
 * label (the members list was wider than its area at 1440 px that way).
 */
export function tableLayout<Row>(columns: readonly DataListColumn<Row>[], hasSelection: boolean) {
  const tracks = [
    ...(hasSelection ? [selectionTrack] : []),
    ...columns.map((column) => column.width),
  ].join(' ');
  const phoneStatusId = columns.find((column) => statusColumnIds.has(column.id))?.id;
  const leastWidths = [
    ...(hasSelection ? [selectionTrack] : []),
    ...columns.map((column) => leastTrackWidth(column.width)),
    rowPadding,
    rowPadding,
  ].filter((width): width is string => width !== null);
  return {
    phoneStatusId,
    // The classes pick the tracks by width (`grid-cols-(--phone-tracks) md:grid-cols-(--tracks)`).
    gridStyle: {
      '--tracks': tracks,
      '--phone-tracks': phoneTracks(columns, phoneStatusId, hasSelection),
      '--sticky-left': hasSelection ? selectionTrack : '0px',
    } as CSSProperties,
    /** `md:min-w-(--table-min)` on the table. */
    tableStyle: { '--table-min': `calc(${leastWidths.join(' + ')})` } as CSSProperties,
  };
}

/**
 * The selection cell and the first column's stay in view when the table scrolls sideways (from
 * `md`; a phone's table is as wide as the screen). They are as tall as the row, their text
 * centred (`content-center`), and their background is the row's (hover, selected, open), so
 * that the cells scrolling under them do not show through.
 */
export const stickySelectionClass = 'md:sticky md:left-0 md:z-[2] md:bg-inherit';
export const stickyFirstClass =
  'md:sticky md:left-(--sticky-left) md:z-[2] md:self-stretch md:content-center md:bg-inherit md:shadow-[1px_0_0] md:shadow-slate-200';

/**
 * Where a column's cells stand, in the header and in every row alike: hidden below `md` unless
 * the column shows on a phone, and the first column's sticky.
 */
export function columnCellClass<Row>(
  column: DataListColumn<Row>,
  index: number,
  phoneStatusId: string | undefined,
): string {
  const phone = phoneCellClass(isShownOnPhone(column, phoneStatusId));
  return `${phone} ${index === 0 ? stickyFirstClass : ''}`;
}

/**
 * The element of a cell that cuts its text short (`truncate`): the cell itself, or the link or
 * label inside it marked `data-clips`.
 */
function clippingElementOf(cell: HTMLElement): HTMLElement {
  return cell.querySelector<HTMLElement>('[data-clips]') ?? cell;
}

/**
 * On pointing at a cell (one listener per row): a cell whose text is cut short shows the whole
 * text as its tooltip; one that shows all of it has none (a title would only repeat it, and
 * screen readers would read it twice).
 */
export function showClippedText(event: PointerEvent<HTMLElement>) {
  const cell = (event.target as HTMLElement).closest<HTMLElement>(
    '[role="cell"], [role="columnheader"]',
  );
  if (!cell) return;
  const clipping = clippingElementOf(cell);
  const text = clipping.textContent?.trim() ?? '';
  if (text !== '' && clipping.scrollWidth > clipping.clientWidth) {
    clipping.title = text;
  } else {
    clipping.removeAttribute('title');
  }
}
