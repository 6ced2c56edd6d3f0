import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { getErrorMessage } from '@ops/ui/error-message';
import { useShortcuts } from '@/lib/shortcuts';
import { BulkBar } from './bulk-bar';
import { DataTable } from './data-table';
import { DataListEmpty, MoreRowsStatus } from './data-list-states';
import { DataListToolbar } from './data-list-toolbar';
import {
  ariaSortOf,
  formatListTotal,
  hasFilters,
  nextSort,
  parseListState,
  withoutFilters,
  maxSelectedIds,
  type ListShape,
} from './list-state';
import { useListQuery, listQueryKeys, useListFollowsChanges } from './use-list-query';
import { useListSelection } from './use-list-selection';
import { useListView } from './use-list-view';
import type { DataListDefinition } from './types';

/** What the URL parser needs to know of a definition. */
export function shapeOf<Row>(definition: DataListDefinition<Row>): ListShape {
  return {
    sortFields: definition.columns.filter((column) => column.sortable).map((column) => column.id),
    filterNames: (definition.filters ?? []).map((filter) => filter.name),
    columnIds: definition.columns.map((column) => column.id),
    defaultColumns: definition.columns
      .filter((column) => !column.isHiddenByDefault)
      .map((column) => column.id),
    defaultSort: definition.defaultSort,
  };
}

/**
 * A whole list: search, filter chips, the column chooser and export, the count, the
 * virtualized table with selection and bulk actions, loading, empty and error states. Every
 * part of the view is in the URL; the list follows the change feed of its tables.
 */
export function DataList<Row>({ definition }: { definition: DataListDefinition<Row> }) {
  const shape = useMemo(() => shapeOf(definition), [definition]);
  const view = useListView(shape);
  const { state, setState, search, queryParams, visibleIds } = view;
  const { pathname } = useLocation();
  const list = useListQuery<Row>(definition.name, definition.apiPath, queryParams);
  useListFollowsChanges(definition.name, definition.liveTables);
  const queryClient = useQueryClient();

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  // The first page's total: only a page without a cursor is counted exactly (list contract).
  const estimatedTotal = list.data?.pages[0]?.estimatedTotal ?? 0;
  const totalIsExact = list.data?.pages[0]?.totalIsExact ?? false;
  const visibleKey = visibleIds.join(',');
  // One array while the choice stays, so that memoized rows are not rendered again.
  const columns = useMemo(
    () => definition.columns.filter((column) => visibleKey.split(',').includes(column.id)),
    [definition.columns, visibleKey],
  );
  const { noun } = definition;
  const bulkActions = definition.bulkActions ?? [];
  // Rows are selectable for bulk actions, or for "Edit field" alone (issue 19).
  const hasSelection = bulkActions.length > 0 || definition.bulkEdit !== undefined;
  const rowKey = definition.rowKey;

  const onSearch = useCallback(
    // Typing replaces the entry: Back leaves the list rather than stepping through keystrokes.
    // Built from the URL, stable while the view is, so the pending pause is not reset.
    (q: string) =>
      setState(
        { ...parseListState(search, shape), q, selection: { kind: 'none' } },
        { replace: true },
      ),
    [setState, search, shape],
  );
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const { selection, setSelection, tableSelection } = useListSelection({
    state,
    setState,
    rows,
    rowKey,
  });

  // `/` goes to the list's search box (the list's other keys are the table's: DataTable).
  const rootRef = useRef<HTMLDivElement>(null);
  useShortcuts({
    '/': () => {
      const box = rootRef.current?.querySelector<HTMLInputElement>('input[data-list-search]');
      if (!box) return false;
      box.focus();
      box.select();
      return true;
    },
  });

  return (
    <div ref={rootRef} className="flex flex-col gap-3">
      <DataListToolbar definition={definition} shape={shape} view={view} onSearch={onSearch} />

      <p role="status" className="text-sm text-slate-600">
        {list.data
          ? formatListTotal(estimatedTotal, totalIsExact, noun)
          : list.isError
            ? ''
            : `Loading ${noun.many}…`}
      </p>

      {hasSelection ? (
        <BulkBar
          selection={selection}
          noun={noun}
          loadedCount={Math.min(rows.length, maxSelectedIds)}
          estimatedTotal={estimatedTotal}
          totalIsExact={totalIsExact}
          hasMoreRows={list.hasNextPage || rows.length > maxSelectedIds}
          actions={bulkActions}
          bulkEdit={definition.bulkEdit}
          undoPath={definition.bulkUndoPath}
          queryParams={queryParams}
          onSelectAll={() => setSelection({ kind: 'all' })}
          onClear={() => setSelection({ kind: 'none' })}
          onDone={() => {
            setSelection({ kind: 'none' });
            void queryClient.invalidateQueries({ queryKey: listQueryKeys.all(definition.name) });
          }}
        />
      ) : null}

      {list.isError && !list.data ? (
        <ErrorCard message={getErrorMessage(list.error)}>
          <Button variant="secondary" isBusy={list.isFetching} onClick={() => void list.refetch()}>
            {list.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </ErrorCard>
      ) : null}

      {list.data && rows.length === 0 && !list.isPlaceholderData ? (
        <DataListEmpty
          definition={definition}
          isFiltered={hasFilters(state)}
          onClearFilters={() => setState(withoutFilters(state))}
        />
      ) : null}

      {rows.length > 0 ? (
        <DataTable
          label={noun.many.charAt(0).toUpperCase() + noun.many.slice(1)}
          rows={rows}
          columns={columns}
          rowKey={rowKey}
          rowHref={definition.rowHref}
          rowLabel={definition.rowLabel ?? rowKey}
          sortOf={(field) => ariaSortOf(state.sort, field, shape)}
          onSort={(field) =>
            setState({
              ...state,
              sort: nextSort(state.sort, field, shape),
              selection: { kind: 'none' },
            })
          }
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          fetchNextPage={loadMore}
          viewKey={queryParams}
          linkSearch={search}
          openPath={pathname}
          detailQuery={definition.detailQuery}
          isStale={list.isPlaceholderData}
          selection={hasSelection ? tableSelection : undefined}
        />
      ) : null}

      <MoreRowsStatus
        nounMany={noun.many}
        isError={list.isFetchNextPageError}
        error={list.error}
        isFetching={list.isFetchingNextPage}
        onRetry={loadMore}
      />
    </div>
  );
}
