import type { TBulkUndoHandle } from '@ops/contract/bulk-edit';
import { bulkUndoWindowMs } from '@ops/contract/bulk-edit-fields';
import { use, useEffect, useId, useRef, useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { undoBulkAction } from '@/lib/api/bulk-edit';
import { getErrorMessage } from '@ops/ui/error-message';
import { canWith, OperatorRolesContext } from '@/lib/permissions';
import { BulkEditDialog } from './bulk-edit-dialog';
import { describeUndoResult } from './bulk-edit-text';
import { BulkOutcomeLine, type BulkOutcome } from './bulk-outcome';
import { formatCount, formatMatchingCount, type Selection } from './list-state';
import type {
  DataListBulkAction,
  DataListBulkEdit,
  DataListBulkResult,
  ListSelectionTarget,
} from './types';
import { useUndoCountdown } from './undo-countdown';

/**
 * What is selected and what can be done with it: "3 selected", the step up to every matching
 * row, the actions the operator's roles allow (confirmed first when they say so), "Edit field"
 * (issue 19), and the result of the last one, with its Undo for `bulkUndoWindowMs`.
 */
export function BulkBar({
  selection,
  noun,
  loadedCount,
  estimatedTotal,
  totalIsExact,
  hasMoreRows,
  actions,
  bulkEdit,
  undoPath,
  queryParams,
  onSelectAll,
  onClear,
  onDone,
}: {
  selection: Selection;
  noun: { one: string; many: string };
  loadedCount: number;
  estimatedTotal: number;
  /** Whether the total was counted ("All 8 matching") or estimated ("All about 120,000"). */
  totalIsExact: boolean;
  hasMoreRows: boolean;
  actions: readonly DataListBulkAction[];
  /** "Edit field" on the selection; absent when the list has no bulk fields. */
  bulkEdit?: DataListBulkEdit;
  /** Where an action's undo handle is sent; no Undo without it. */
  undoPath?: string;
  queryParams: string;
  onSelectAll: () => void;
  onClear: () => void;
  onDone: () => void;
}) {
  const roles = use(OperatorRolesContext);
  const allowed = actions.filter(
    (action) => !action.permission || canWith(roles, action.permission),
  );
  const [pending, setPending] = useState<DataListBulkAction | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [isUndoing, setIsUndoing] = useState(false);
  // A new key per opening: the dialog starts afresh each time.
  const [editKey, setEditKey] = useState(0);
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = bulkEdit !== undefined && canWith(roles, bulkEdit.permission);
  const undoOffer = useRef<HTMLSpanElement>(null);
  const shouldFocusUndo = useRef(false);

  // Kept here rather than beside the Undo button: the button moves out of the selection's
  // region when the selection clears, and the countdown must not start again.
  const secondsLeft = useUndoCountdown(outcome?.undo?.operationId ?? null, bulkUndoWindowMs, () =>
    setOutcome((shown) => (shown ? { ...shown, undo: null } : shown)),
  );
  useEffect(() => {
    // The edit dialog closed with its opener gone (the selection cleared): the focus goes on to
    // the result's Undo rather than to the page's start.
    if (!shouldFocusUndo.current) return;
    shouldFocusUndo.current = false;
    undoOffer.current?.querySelector('button')?.focus();
  }, [outcome]);

  const selectedCount =
    selection.kind === 'ids' ? selection.ids.length : selection.kind === 'all' ? estimatedTotal : 0;
  const target: ListSelectionTarget | null =
    selection.kind === 'ids'
      ? { kind: 'ids', ids: selection.ids }
      : selection.kind === 'all'
        ? { kind: 'all', listParams: queryParams }
        : null;

  const show = (result: DataListBulkResult) =>
    setOutcome({ isError: false, text: result.message, undo: undoPath ? result.undo : null });

  async function run(action: DataListBulkAction) {
    if (!target) return;
    setPending(null);
    setRunning(action.id);
    setOutcome(null);
    try {
      show(await action.run(target, reason.trim()));
      setReason('');
      onDone();
    } catch (error) {
      setOutcome({ isError: true, text: getErrorMessage(error), undo: null });
    } finally {
      setRunning(null);
    }
  }

  async function undo(handle: TBulkUndoHandle) {
    if (!undoPath || isUndoing) return;
    setIsUndoing(true);
    try {
      const result = await undoBulkAction(undoPath, handle.operationId);
      setOutcome({ isError: false, text: describeUndoResult(result, noun), undo: null });
      onDone();
    } catch (error) {
      setOutcome({ isError: true, text: getErrorMessage(error), undo: null });
    } finally {
      setIsUndoing(false);
    }
  }

  const outcomeLine = outcome ? (
    <BulkOutcomeLine
      outcome={outcome}
      secondsLeft={secondsLeft}
      isUndoing={isUndoing}
      onUndo={(handle) => void undo(handle)}
      offerRef={undoOffer}
    />
  ) : null;

  if (selection.kind === 'none' || !target) return outcomeLine;

  const isWholePageSelected = selection.kind === 'ids' && selection.ids.length >= loadedCount;
  const matchingCount = formatMatchingCount(estimatedTotal, totalIsExact);
  return (
    <div
      role="region"
      aria-label="Selection"
      className="flex flex-col gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-slate-800"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span role="status" className="font-medium">
          {selection.kind === 'all'
            ? `All ${matchingCount} matching ${noun.many} selected`
            : `${formatCount(selectedCount)} selected`}
        </span>
        {isWholePageSelected && hasMoreRows ? (
          <Button variant="secondary" onClick={onSelectAll}>
            Select all {matchingCount} matching
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClear}>
          Clear selection
        </Button>
        {canEdit ? (
          <Button
            disabled={running !== null}
            onClick={() => {
              setPending(null);
              setEditKey((key) => key + 1);
              setIsEditing(true);
            }}
          >
            Edit field
          </Button>
        ) : null}
        {allowed.map((action) => (
          <Button
            key={action.id}
            isBusy={running === action.id}
            disabled={running !== null && running !== action.id}
            onClick={() =>
              action.confirm || action.reasonLabel ? setPending(action) : void run(action)
            }
          >
            {running === action.id ? `${action.label}…` : action.label}
          </Button>
        ))}
      </div>
      {canEdit && bulkEdit ? (
        <BulkEditDialog
          key={editKey}
          isOpen={isEditing}
          onClose={() => setIsEditing(false)}
          bulkEdit={bulkEdit}
          target={target}
          selectedCount={selectedCount}
          noun={noun}
          onDone={(result) => {
            setIsEditing(false);
            show(result);
            shouldFocusUndo.current = true;
            onDone();
          }}
        />
      ) : null}
      {pending ? (
        <form
          role="alertdialog"
          aria-label={pending.label}
          className="flex flex-wrap items-end gap-2 border-t border-sky-200 pt-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(pending);
          }}
        >
          <span className="self-center">
            {pending.confirm ?? pending.label} ({formatCount(selectedCount)}{' '}
            {selectedCount === 1 ? noun.one : noun.many})
          </span>
          {pending.reasonLabel ? (
            <span className="flex min-w-64 flex-1 flex-col gap-1">
              <label htmlFor={reasonId} className="text-xs font-medium text-slate-700">
                {pending.reasonLabel}
              </label>
              <input
                id={reasonId}
                value={reason}
                required
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
                className={`rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm ${focusRing}`}
              />
            </span>
          ) : null}
          <Button
            type="submit"
            aria-disabled={pending.reasonLabel && !reason.trim() ? true : undefined}
          >
            Confirm
          </Button>
          <Button variant="secondary" onClick={() => setPending(null)}>
            Cancel
          </Button>
        </form>
      ) : null}
      {outcomeLine}
    </div>
  );
}
