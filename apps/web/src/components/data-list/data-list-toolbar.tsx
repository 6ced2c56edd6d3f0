import { Button, focusRing } from '@ops/ui/button';
import { DensitySwitch } from './density-switch';
import { FoldedFilters } from './folded-filters';
import { hasFilters, withFilter, withoutFilters, withQuery, type ListShape } from './list-state';
import { ColumnChooser, FilterChip, SearchBox } from './list-toolbar';
import { SavedViewArrival, SavedViewsControls } from './saved-views/saved-views-bar';
import { isSavedViewList } from './saved-views/saved-view-params';
import type { DataListDefinition } from './types';
import type { ListView } from './use-list-view';

/**
 * Above the rows: the notice of a saved view's dropped parts, the search box, the views menu
 * and Save view (lists that saved views keep), the column chooser, the rows' density, the CSV
 * export and the filter chips.
 */
export function DataListToolbar<Row>({
  definition,
  shape,
  view,
  onSearch,
}: {
  definition: DataListDefinition<Row>;
  shape: ListShape;
  view: ListView;
  onSearch: (q: string) => void;
}) {
  const { state, setState, visibleIds, queryParams } = view;
  const savedViewList = isSavedViewList(definition.name) ? definition.name : null;
  return (
    <>
      {savedViewList ? <SavedViewArrival list={savedViewList} /> : null}
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
          {savedViewList ? (
            <SavedViewsControls
              list={savedViewList}
              noun={definition.noun}
              state={state}
              shape={shape}
            />
          ) : null}
          <ColumnChooser
            columns={definition.columns}
            visible={visibleIds}
            onChange={(visible) => setState({ ...state, columns: visible }, { replace: true })}
            onReset={() => setState({ ...state, columns: null }, { replace: true })}
          />
          <DensitySwitch />
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
