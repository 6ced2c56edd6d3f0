import type { TBulkUndoHandle } from '@ops/contract/bulk-edit';
import { bulkUndoWindowMs } from '@ops/contract/bulk-edit-fields';
import type { RefObject } from 'react';
import { Button } from '@ops/ui/button';

/** The result of the last bulk action on screen; `undo` while its Undo is still offered. */
export type BulkOutcome = { isError: boolean; text: string; undo: TBulkUndoHandle | null };

/**
 * The bulk bar's result line: what the action did and, for `bulkUndoWindowMs` after it, Undo
 * with the seconds left (issue 19). A status (an alert when it failed), so the sentence is read
 * out once; the seconds are shown, not read out each second.
 */
export function BulkOutcomeLine({
  outcome,
  secondsLeft,
  isUndoing,
  onUndo,
  offerRef,
}: {
  outcome: BulkOutcome;
  secondsLeft: number;
  isUndoing: boolean;
  onUndo: (handle: TBulkUndoHandle) => void;
  /** Holds the Undo button: the bar moves the focus there after "Edit field". */
  offerRef?: RefObject<HTMLSpanElement | null>;
}) {
  const { undo } = outcome;
  return (
    <div
      role={outcome.isError ? 'alert' : 'status'}
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${outcome.isError ? 'text-red-700' : 'text-emerald-800'}`}
    >
      <p>{outcome.text}</p>
      {undo ? (
        <span ref={offerRef} className="flex items-center gap-2">
          <Button variant="secondary" isBusy={isUndoing} onClick={() => onUndo(undo)}>
            {isUndoing ? 'Undoing…' : 'Undo'}
          </Button>
          <span aria-hidden="true" className="text-slate-600 tabular-nums">
            {secondsLeft} s
          </span>
          <span className="sr-only">
            Undo is offered for {Math.round(bulkUndoWindowMs / 1000)} seconds.
          </span>
        </span>
      ) : null}
    </div>
  );
}
