import type { DataTableProps } from './data-table';
import { selectRange } from './list-cursor';
import { isSelected, maxSelectedIds, toggleSelected, type ListState } from './list-state';
import { useEcho } from './use-echo';

/**
 * The list's row selection: kept in the URL, echoed locally so that a checkbox answers at once,
 * with the header checkbox's state over the loaded rows (at most `maxSelectedIds`).
 */
export function useListSelection<Row>({
  state,
  setState,
  rows,
  rowKey,
}: {
  state: ListState;
  setState: (next: ListState, options?: { replace?: boolean }) => void;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const [selection, echoSelection] = useEcho(state.selection);
  const loadedIds = rows.slice(0, maxSelectedIds).map(rowKey);
  const selectedCount = selection.kind === 'ids' ? selection.ids.length : 0;
  const headerState =
    selection.kind === 'all' ||
    (selectedCount > 0 && loadedIds.every((id) => isSelected(selection, id)))
      ? 'all'
      : selectedCount > 0
        ? 'some'
        : 'none';
  const setSelection = (next: ListState['selection']) => {
    echoSelection(next);
    setState({ ...state, selection: next }, { replace: true });
  };
  /** What the table's checkboxes read and do. */
  const tableSelection: NonNullable<DataTableProps<Row>['selection']> = {
    isSelected: (id) => isSelected(selection, id),
    headerState,
    onToggle: (id) =>
      setSelection(toggleSelected(selection.kind === 'all' ? { kind: 'none' } : selection, id)),
    onToggleAll: () =>
      setSelection(headerState === 'all' ? { kind: 'none' } : { kind: 'ids', ids: loadedIds }),
    onSelectRange: (anchorIndex, cursorIndex) =>
      setSelection(selectRange(selection, rows.map(rowKey), anchorIndex, cursorIndex)),
  };
  return { selection, setSelection, tableSelection };
}
