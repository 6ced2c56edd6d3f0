import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatListState, parseListState, type ListShape, type ListState } from './list-state';

/** The list's view lives in the URL, so a reload or a shared link shows the same rows. */
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
  return { state, setState, search: location.search.replace(/^\?/, '') };
}
