import { listSplitPercentRange } from '@ops/contract/preference-values';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { usePreferences, useUpdatePreferences } from '@/lib/api/preferences';

/** How far an arrow key moves the split, in percent of the width. */
export const splitKeyStep = 5;
/** The separator's own width between the list and the record (its grab area). */
const separatorTrack = '1rem';

const clampSplit = (percent: number) =>
  Math.min(listSplitPercentRange.max, Math.max(listSplitPercentRange.min, Math.round(percent)));

/**
 * The grid tracks of a list and the record beside it (from `xl`): the list's share, the
 * separator, the record's share. Shares of what the separator leaves, so they always add up.
 */
export function splitTracks(listPercent: number): string {
  return `minmax(0,${listPercent}fr) ${separatorTrack} minmax(0,${100 - listPercent}fr)`;
}

/**
 * The split of a list and the record open beside it (issue 19): the operator's share of the
 * list, kept on the server with their other preferences, and the share shown while the
 * separator is being dragged (saved once, when it is let go).
 */
export function useListSplit() {
  const { splitPercent, isRecordFullWidth } = usePreferences();
  const [dragPercent, setDragPercent] = useState<number | null>(null);
  return {
    listPercent: dragPercent ?? splitPercent,
    isRecordFullWidth,
    setDragPercent,
  };
}

/**
 * The separator between a list and its record: a focusable ARIA separator with the list's share
 * as its value. Dragged with the pointer (saved on release), moved by 5 % with the arrow keys,
 * to the least and greatest share with Home and End (each key saved at once, in order).
 */
export function ListDetailSeparator({
  containerRef,
  listId,
  listPercent,
  onDrag,
}: {
  /** The grid of the list, the separator and the record: the drag is measured against it. */
  containerRef: RefObject<HTMLDivElement | null>;
  /** The list's element, which the separator resizes. */
  listId: string;
  listPercent: number;
  /** The share while dragging; null when the drag ends (the saved share shows). */
  onDrag: (percent: number | null) => void;
}) {
  const update = useUpdatePreferences();
  const dragged = useRef<number | null>(null);

  const percentAt = (clientX: number) => {
    const box = containerRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return listPercent;
    return clampSplit(((clientX - box.left) / box.width) * 100);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault(); // no text selection while dragging
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    dragged.current = listPercent;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragged.current === null) return;
    dragged.current = percentAt(event.clientX);
    onDrag(dragged.current);
  };
  const endDrag = () => {
    const percent = dragged.current;
    dragged.current = null;
    if (percent === null) return;
    // The cache takes the new share before the drag's is dropped: no jump back meanwhile.
    update({ splitPercent: percent });
    onDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = {
      ArrowLeft: listPercent - splitKeyStep,
      ArrowDown: listPercent - splitKeyStep,
      ArrowRight: listPercent + splitKeyStep,
      ArrowUp: listPercent + splitKeyStep,
      Home: listSplitPercentRange.min,
      End: listSplitPercentRange.max,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const percent = clampSplit(next);
    if (percent !== listPercent) update({ splitPercent: percent });
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the list and the record"
      aria-controls={listId}
      aria-valuenow={listPercent}
      aria-valuemin={listSplitPercentRange.min}
      aria-valuemax={listSplitPercentRange.max}
      aria-valuetext={`List ${listPercent} %, record ${100 - listPercent} %`}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      // The line in the middle of a wider grab area; it darkens on hover, drag and focus.
      className="group hidden cursor-col-resize touch-none justify-center self-stretch rounded focus-visible:outline-2 focus-visible:outline-sky-600 xl:flex"
    >
      <span
        aria-hidden="true"
        className="my-2 w-0.5 rounded bg-slate-200 group-hover:bg-sky-600 group-focus-visible:bg-sky-600 group-active:bg-sky-700"
      />
    </div>
  );
}

/**
 * "Full width" on a record beside its list, "Show list" on one that took the full width: the
 * list stays mounted behind it, so its rows, scroll and selection are there when it is back.
 * Kept per operator (server preferences); from `xl`, where the two can be side by side.
 */
export function RecordWidthToggle() {
  const { isRecordFullWidth } = usePreferences();
  const update = useUpdatePreferences();
  return (
    <button
      type="button"
      onClick={() => update({ isRecordFullWidth: !isRecordFullWidth })}
      className="hidden rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 xl:inline-block"
    >
      {isRecordFullWidth ? 'Show list' : 'Full width'}
    </button>
  );
}
