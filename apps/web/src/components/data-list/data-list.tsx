import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, focusRing } from '@/components/button';
import { ErrorCard } from '@/components/error-card';
import { getErrorMessage } from '@/lib/error-message';
import { BulkBar } from './bulk-bar';
import { DataTable } from './data-table';
import {
  ariaSortOf,
  formatListState,
  formatListTotal,
  formatQueryParams,
  hasFilters,
  isSelected,
  nextSort,
  parseListState,
  toggleSelected,
  withFilter,
  withoutFilters,
  withQuery,
  maxSelectedIds,
  type ListShape,
  type ListState,
} from './list-state';
import { ColumnChooser, FilterChip, SearchBox } from './list-toolbar';
import { useEcho } from './use-echo';
import { listQueryKeys, useListFollowsChanges, useListQuery } from './use-list-query';
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
 * The filter chips. On a small screen they would push the rows out of sight, so they fold
 * behind a "Filters" button that says how many are set; from `md` they always show.
 */
function FoldedFilters({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const groupId = useId();
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={isOpen}
        aria-controls={groupId}
        onClick={() => setOpen((open) => !open)}
        className="self-start md:hidden"
      >
        Filters
        {activeCount > 0 ? (
          <span className="ml-1.5 rounded-full bg-sky-700 px-1.5 text-xs font-semibold text-white">
            {activeCount}
            <span className="sr-only"> set</span>
          </span>
        ) : null}
      </Button>
      <div
        id={groupId}
        role="group"
        aria-label="Filters"
        className={`${isOpen ? 'flex' : 'hidden'} flex-wrap items-center gap-2 md:flex`}
      >
        {children}
      </div>
    </>
  );
}

/** The list's view lives in the URL, so a reload or a shared link shows the same rows. */
function useListView(shape: ListShape) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseListState(location.search, shape);
  const setState = useCallback(
    (next: ListState, options: { replace?: boolean } = {}) => {
      const search = formatListState(next, shape);
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { replace: options.replace ?? false },
      );
    },
    [navigate, location.pathname, shape],
  );
  return { state, setState, search: location.search.replace(/^\?/, '') };
}

/**
 * A whole list: search, filter chips, the column chooser and export, the count, the
 * virtualized table with selection and bulk actions, loading, empty and error states. Every
 * part of the view is in the URL; the list follows the change feed of its tables.
 */
export function DataList<Row>({ definition }: { definition: DataListDefinition<Row> }) {
  const shape = useMemo(() => shapeOf(definition), [definition]);
  const { state, setState, search } = useListView(shape);
  const { pathname } = useLocation();
  const queryParams = formatQueryParams(state, shape);
  const list = useListQuery<Row>(definition.name, definition.apiPath, queryParams);
  useListFollowsChanges(definition.name, definition.liveTables);
  const queryClient = useQueryClient();

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  // The first page's total: only a page without a cursor is counted exactly (list contract).
  const estimatedTotal = list.data?.pages[0]?.estimatedTotal ?? 0;
  const totalIsExact = list.data?.pages[0]?.totalIsExact ?? false;
  const visibleIds = state.columns ?? shape.defaultColumns;
  const visibleKey = visibleIds.join(',');
  // One array while the choice stays, so that memoized rows are not rendered again.
  const columns = useMemo(
    () => definition.columns.filter((column) => visibleKey.split(',').includes(column.id)),
    [definition.columns, visibleKey],
  );
  const { noun } = definition;
  const bulkActions = definition.bulkActions ?? [];
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

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        {definition.searchLabel ? (
          <SearchBox
            label={definition.searchLabel}
            placeholder={definition.searchPlaceholder}
            q={state.q}
            onSearch={onSearch}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <ColumnChooser
            columns={definition.columns}
            visible={visibleIds}
            onChange={(visible) => setState({ ...state, columns: visible }, { replace: true })}
            onReset={() => setState({ ...state, columns: null }, { replace: true })}
          />
          {definition.exportPath ? (
            <a
              href={withQuery(definition.exportPath, queryParams)}
              download
              className={`rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${focusRing}`}
            >
              Export CSV
            </a>
          ) : null}
        </div>
      </div>

      {definition.filters && definition.filters.length > 0 ? (
        <FoldedFilters activeCount={Object.keys(state.filters).length}>
          {definition.filters.map((filter) => (
            <FilterChip
              key={filter.name}
              filter={filter}
              value={state.filters[filter.name]}
              onChange={(value) => setState(withFilter(state, filter.name, value))}
            />
          ))}
          {hasFilters(state) ? (
            <Button variant="secondary" onClick={() => setState(withoutFilters(state))}>
              Clear all filters
            </Button>
          ) : null}
        </FoldedFilters>
      ) : null}

      <p role="status" className="text-sm text-slate-600">
        {list.data
          ? formatListTotal(estimatedTotal, totalIsExact, noun)
          : list.isError
            ? ''
            : `Loading ${noun.many}…`}
      </p>

      {bulkActions.length > 0 ? (
        <BulkBar
          selection={selection}
          noun={noun}
          loadedCount={Math.min(rows.length, maxSelectedIds)}
          estimatedTotal={estimatedTotal}
          totalIsExact={totalIsExact}
          hasMoreRows={list.hasNextPage || rows.length > maxSelectedIds}
          actions={bulkActions}
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
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          <p>
            {hasFilters(state)
              ? `No ${noun.one} matches these filters.`
              : (definition.emptyMessage ?? `There are no ${noun.many} yet.`)}
          </p>
          {hasFilters(state) ? (
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => setState(withoutFilters(state))}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
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
          isStale={list.isPlaceholderData}
          selection={
            bulkActions.length > 0
              ? {
                  isSelected: (id) => isSelected(selection, id),
                  headerState,
                  onToggle: (id) =>
                    setSelection(
                      toggleSelected(selection.kind === 'all' ? { kind: 'none' } : selection, id),
                    ),
                  onToggleAll: () =>
                    setSelection(
                      headerState === 'all' ? { kind: 'none' } : { kind: 'ids', ids: loadedIds },
                    ),
                }
              : undefined
          }
        />
      ) : null}

      {list.isFetchNextPageError ? (
        <ErrorCard
          title={`More ${noun.many} could not be loaded`}
          message={getErrorMessage(list.error)}
        >
          <Button variant="secondary" onClick={loadMore}>
            Try again
          </Button>
        </ErrorCard>
      ) : list.isFetchingNextPage ? (
        <p className="text-sm text-slate-600">Loading more {noun.many}…</p>
      ) : null}
    </div>
  );
}
