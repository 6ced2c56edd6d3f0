import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Button, focusRing } from '@/components/button';
import { ErrorCard } from '@/components/error-card';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { useMembersFollowChanges, useMembersList } from '../api/get-members';
import { MembersTable } from '../components/members-table';
import { MembersSearchBox, StatusFilter } from '../components/members-toolbar';
import {
  formatEstimatedTotal,
  formatListParams,
  hasFilters,
  membersExportHref,
  nextSort,
  parseListParams,
  toggleFilterValue,
  withoutFilters,
  type MembersListState,
} from '../utils/list-params';

/** The list's view lives in the URL, so a reload or a shared link shows the same rows. */
function useListState() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseListParams(location.search);
  const listParams = formatListParams(state);
  const setState = useCallback(
    (next: MembersListState, options: { replace?: boolean } = {}) => {
      const search = formatListParams(next);
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { replace: options.replace ?? false },
      );
    },
    [navigate, location.pathname],
  );
  return { state, listParams, setState };
}

export function MembersRoute() {
  const { state, listParams, setState } = useListState();
  const list = useMembersList(listParams);
  useMembersFollowChanges();
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const estimatedTotal = list.data?.pages[0]?.estimatedTotal ?? 0;

  const onSearch = useCallback(
    // Typing replaces the entry: Back leaves the list rather than stepping through keystrokes.
    // Built from the params string, stable while the view is, so the pending pause is not reset.
    (q: string) => setState({ ...parseListParams(listParams), q }, { replace: true }),
    [setState, listParams],
  );
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const clearFilters = () => setState(withoutFilters(state));

  return (
    <Screen
      title="Members"
      description="Association, individual, group and honorary members: status, country, national association, paid-through year and billing."
      actions={
        <>
          <ActionLink to={paths.membersUpload.getHref()}>CSV upload</ActionLink>
          <ActionLink to={paths.membersFixes.getHref()}>Fixes</ActionLink>
        </>
      }
    >
      <ListWithDetail>
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <MembersSearchBox q={state.q} onSearch={onSearch} />
            <StatusFilter
              filter={state.filters.status}
              onToggle={(status) =>
                setState({
                  ...state,
                  filters: {
                    ...state.filters,
                    status: toggleFilterValue(state.filters.status, status),
                  },
                })
              }
            />
            <a
              href={membersExportHref(listParams)}
              download
              className={`rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${focusRing}`}
            >
              Export CSV
            </a>
          </div>

          <p role="status" className="text-sm text-slate-600">
            {list.data
              ? formatEstimatedTotal(estimatedTotal)
              : list.isError
                ? ''
                : 'Loading members…'}
          </p>

          {list.isError && !list.data ? (
            <ErrorCard message={getErrorMessage(list.error)}>
              <Button
                variant="secondary"
                isBusy={list.isFetching}
                onClick={() => void list.refetch()}
              >
                {list.isFetching ? 'Trying again…' : 'Try again'}
              </Button>
            </ErrorCard>
          ) : null}

          {list.data && rows.length === 0 && !list.isPlaceholderData ? (
            <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
              <p>No member matches these filters.</p>
              {hasFilters(state) ? (
                <Button variant="secondary" className="mt-3" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : null}

          {rows.length > 0 ? (
            <MembersTable
              rows={rows}
              sort={state.sort}
              onSort={(field) => setState({ ...state, sort: nextSort(state.sort, field) })}
              hasNextPage={list.hasNextPage}
              isFetchingNextPage={list.isFetchingNextPage}
              fetchNextPage={loadMore}
              linkSearch={listParams}
              isStale={list.isPlaceholderData}
            />
          ) : null}

          {list.isFetchNextPageError ? (
            <ErrorCard
              title="More members could not be loaded"
              message={getErrorMessage(list.error)}
            >
              <Button variant="secondary" onClick={loadMore}>
                Try again
              </Button>
            </ErrorCard>
          ) : list.isFetchingNextPage ? (
            <p className="text-sm text-slate-600">Loading more members…</p>
          ) : null}
        </div>
      </ListWithDetail>
    </Screen>
  );
}
