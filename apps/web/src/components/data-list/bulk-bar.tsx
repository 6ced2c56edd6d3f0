import { use, useId, useState } from 'react';
import { Button, focusRing } from '@/components/button';
import { getErrorMessage } from '@/lib/error-message';
import { canWith, OperatorRolesContext } from '@/lib/permissions';
import { formatCount, formatMatchingCount, type Selection } from './list-state';
import type { DataListBulkAction, ListSelectionTarget } from './types';

/**
 * What is selected and what can be done with it: "3 selected", the step up to every matching
 * row, the actions the operator's roles allow (confirmed first when they say so), and the
 * result of the last one.
 */
export function BulkBar({
  selection,
  noun,
  loadedCount,
  estimatedTotal,
  totalIsExact,
  hasMoreRows,
  actions,
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
  const [outcome, setOutcome] = useState<{ isError: boolean; text: string } | null>(null);

  const selectedCount =
    selection.kind === 'ids' ? selection.ids.length : selection.kind === 'all' ? estimatedTotal : 0;
  const target: ListSelectionTarget | null =
    selection.kind === 'ids'
      ? { kind: 'ids', ids: selection.ids }
      : selection.kind === 'all'
        ? { kind: 'all', listParams: queryParams }
        : null;

  async function run(action: DataListBulkAction) {
    if (!target) return;
    setPending(null);
    setRunning(action.id);
    setOutcome(null);
    try {
      setOutcome({ isError: false, text: await action.run(target, reason.trim()) });
      setReason('');
      onDone();
    } catch (error) {
      setOutcome({ isError: true, text: getErrorMessage(error) });
    } finally {
      setRunning(null);
    }
  }

  if (selection.kind === 'none') {
    return outcome ? (
      <p
        role={outcome.isError ? 'alert' : 'status'}
        className={`text-sm ${outcome.isError ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {outcome.text}
      </p>
    ) : null;
  }

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
      {outcome ? (
        <p
          role={outcome.isError ? 'alert' : 'status'}
          className={outcome.isError ? 'text-red-700' : 'text-emerald-800'}
        >
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
