import { savedViewLists, type SavedViewListName } from '@ops/contract/saved-view-lists';
import type { TSavedView } from '@ops/contract/saved-views';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { focusRing } from '@ops/ui/button';
import {
  formatViewCount,
  isViewShown,
  viewHref,
  viewLocationState,
} from '@/components/data-list/saved-views/saved-view-params';
import { savedViewCountsKey, useSavedViewCount, useSavedViews } from '@/lib/api/saved-views';
import { useLiveChanges } from '@/lib/live-changes';
import { areaKeys } from '@/lib/query-keys';
import {
  groupViewsByEntry,
  savedViewListNouns,
  savedViewListTables,
} from '../utils/saved-view-groups';
import type { SidebarEntry } from './sidebar';

/** Changes within this window after a refresh of the counts are gathered into one more. */
const countRefreshWindowMs = 1_000;

/**
 * Per list, across every copy of the sidebar (the page's and the phone menu's): the window
 * after a refresh of its counts, and whether a change came during it.
 */
const countWindows = new Map<
  SavedViewListName,
  { timer: ReturnType<typeof setTimeout>; isPending: boolean }
>();

function refreshCounts(queryClient: QueryClient, list: SavedViewListName) {
  // An open list refreshes its own root on its changes, these counts included.
  const isListOpen =
    queryClient.getQueryCache().findAll({ queryKey: areaKeys(list).lists, type: 'active' }).length >
    0;
  if (isListOpen) return;
  const ongoing = countWindows.get(list);
  if (ongoing) {
    ongoing.isPending = true;
    return;
  }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: savedViewCountsKey(list) });
  refresh();
  const endOfWindow = () => {
    const current = countWindows.get(list);
    if (current?.isPending) {
      refresh();
      countWindows.set(list, {
        timer: setTimeout(endOfWindow, countRefreshWindowMs),
        isPending: false,
      });
    } else {
      countWindows.delete(list);
    }
  };
  countWindows.set(list, {
    timer: setTimeout(endOfWindow, countRefreshWindowMs),
    isPending: false,
  });
}

/**
 * Keeps the counts of `lists` current while their lists are not open: a change of one of their
 * tables refreshes those counts at once, a burst of changes once more at its end.
 */
function useCountsFollowChanges(lists: readonly SavedViewListName[]) {
  const queryClient = useQueryClient();
  const tables = [...new Set(lists.flatMap((list) => savedViewListTables[list]))];
  useLiveChanges(tables, (change) => {
    for (const list of lists) {
      if (change.type === 'change' && !savedViewListTables[list].includes(change.table)) continue;
      refreshCounts(queryClient, list);
    }
  });
}

/**
 * A view's link, and beside it the count of its rows as its list counts them: exact, or "~"
 * for the planner's estimate (read out as "about …" after the name, no part of it).
 */
function SidebarViewLink({ view }: { view: TSavedView }) {
  const location = useLocation();
  const countId = useId();
  const { apiPath } = savedViewLists[view.list];
  const count = useSavedViewCount(view.list, apiPath, view.listParams).data;
  const shown = count
    ? formatViewCount(count.estimatedTotal, count.totalIsExact, savedViewListNouns[view.list])
    : null;
  const isCurrent =
    location.pathname === savedViewLists[view.list].path &&
    isViewShown(location.search, view.openParams);
  return (
    <div
      className={[
        'flex items-center gap-2 rounded-md pr-3',
        isCurrent ? 'bg-sky-50' : 'hover:bg-slate-100',
      ].join(' ')}
    >
      <Link
        to={viewHref(view)}
        state={viewLocationState(view)}
        aria-current={isCurrent ? 'page' : undefined}
        aria-describedby={shown ? countId : undefined}
        className={[
          'min-w-0 flex-1 truncate rounded-md py-1 pl-6 text-sm',
          focusRing,
          isCurrent ? 'font-semibold text-sky-900' : 'text-slate-600 hover:text-slate-900',
        ].join(' ')}
      >
        {view.name}
      </Link>
      {shown ? (
        <span id={countId} className="shrink-0 text-xs text-slate-500 tabular-nums">
          <span aria-hidden="true">{shown.short}</span>
          <span className="sr-only">{shown.spoken}</span>
        </span>
      ) : null}
    </div>
  );
}

/**
 * The saved views under one sidebar entry (issue 19): the operator's own and the shared views
 * of the lists of that entry, each a link opening the view with the count of its rows. A chunk
 * of its own, loaded inside the console only (never on the sign-in screen).
 */
export default function SidebarViews({
  entry,
  entries,
}: {
  entry: SidebarEntry;
  entries: readonly SidebarEntry[];
}) {
  const { data } = useSavedViews();
  const views = useMemo(
    () => groupViewsByEntry(data?.views ?? [], entries).get(entry.to) ?? [],
    [data, entries, entry.to],
  );
  const lists = [...new Set(views.map((view) => view.list))];
  useCountsFollowChanges(lists);
  if (views.length === 0) return null;
  return (
    <ul aria-label={`Saved views: ${entry.label}`} className="mt-0.5 flex flex-col gap-0.5">
      {views.map((view) => (
        <li key={view.id}>
          <SidebarViewLink view={view} />
        </li>
      ))}
    </ul>
  );
}
