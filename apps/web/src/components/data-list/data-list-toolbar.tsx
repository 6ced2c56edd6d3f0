import { Button, focusRing } from '@/components/button';
import { FoldedFilters } from './folded-filters';
import { hasFilters, withFilter, withoutFilters, withQuery, type ListState } from './list-state';
import { ColumnChooser, FilterChip, SearchBox } from './list-toolbar';
import type { DataListDefinition } from './types';

/** Above the rows: the search box, the column chooser, the CSV export and the filter chips. */
export function DataListToolbar<Row>({
  definition,
  state,
  setState,
  visibleIds,
  queryParams,
  onSearch,
}: {
  definition: DataListDefinition<Row>;
  state: ListState;
  setState: (next: ListState, options?: { replace?: boolean }) => void;
  visibleIds: readonly string[];
  queryParams: string;
  onSearch: (q: string) => void;
}) {
  return (
    <>
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
    </>
  );
}
