import { savedViewLists, type SavedViewListName } from '@ops/contract/saved-view-lists';
import type { TSavedView } from '@ops/contract/saved-views';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { useListSavedViews } from '@/lib/api/saved-views';
import type { ListShape, ListState } from '../list-state';
import { SaveViewDialog } from './save-view-dialog';
import { droppedMessagesOf, viewLocationState, viewParamsOf } from './saved-view-params';
import { ViewsMenu } from './views-menu';

/**
 * Opens the operator's default view when the list is opened at its bare path (no query at
 * all): on arriving at the list (the entry the list mounted on), never when the person clears
 * the view inside it or closes a record, which lead to the bare path too.
 */
function useDefaultView(list: SavedViewListName, views: readonly TSavedView[], isLoaded: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(location.key);
  const isDone = useRef(false);
  const defaultView = views.find((view) => view.isDefault) ?? null;
  const isBare = location.pathname === savedViewLists[list].path && location.search === '';

  useEffect(() => {
    if (isDone.current || !isLoaded) return;
    isDone.current = true;
    if (!defaultView || !isBare || location.key !== arrival || defaultView.openParams === '') {
      return;
    }
    void navigate(
      { pathname: location.pathname, search: `?${defaultView.openParams}` },
      { replace: true, state: viewLocationState(defaultView) },
    );
  }, [isLoaded, defaultView, isBare, location, arrival, navigate]);
}

/**
 * What a view opened with no longer applies (a deleted country, a removed column): said above
 * the list until dismissed. The messages come with the navigation that opened it.
 */
function DroppedNotice() {
  const location = useLocation();
  const messages = droppedMessagesOf(location.state);
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);
  if (messages.length === 0 || dismissedOn === location.key) return null;
  return (
    <div
      role="status"
      className="flex items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <div>
        <p className="font-semibold">Some of this view no longer applies:</p>
        <ul className="mt-1 list-disc pl-5">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
      <Button variant="secondary" onClick={() => setDismissedOn(location.key)}>
        Dismiss
      </Button>
    </div>
  );
}

/** The views menu and Save view, in the list's toolbar. */
export function SavedViewsControls({
  list,
  noun,
  state,
  shape,
}: {
  list: SavedViewListName;
  noun: { one: string; many: string };
  state: ListState;
  shape: ListShape;
}) {
  const location = useLocation();
  const { views } = useListSavedViews(list);
  const [isSaving, setIsSaving] = useState(false);
  const currentParams = viewParamsOf(state, shape);
  return (
    <>
      <ViewsMenu
        list={list}
        noun={noun}
        views={views}
        search={location.search}
        currentParams={currentParams}
      />
      <button
        type="button"
        onClick={() => setIsSaving(true)}
        className={`rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 ${focusRing}`}
      >
        Save view
      </button>
      <SaveViewDialog
        isOpen={isSaving}
        list={list}
        params={currentParams}
        onClose={() => setIsSaving(false)}
      />
    </>
  );
}

/** Above the list: the notice of a view's dropped parts; and the default view on arrival. */
export function SavedViewArrival({ list }: { list: SavedViewListName }) {
  const { views, isSuccess, isError } = useListSavedViews(list);
  useDefaultView(list, views, isSuccess || isError);
  return <DroppedNotice />;
}
