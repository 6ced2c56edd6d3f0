import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  formatListState,
  formatQueryParams,
  parseListState,
  type ListShape,
  type ListState,
} from './list-state';

/** A list's view as the URL has it, and what it means: the API's query, the columns shown. */
export type ListView = ReturnType<typeof useListView>;

/**
 * The list's view lives in the URL, so a reload or a shared link shows the same rows: its state
 * and setter, the URL's query, the API's query of the view and the columns it shows.
 */
export function useListView(shape: ListShape) {
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
  return {
    state,
    setState,
    search: location.search.replace(/^\?/, ''),
    queryParams: formatQueryParams(state, shape),
    visibleIds: state.columns ?? shape.defaultColumns,
  };
}
