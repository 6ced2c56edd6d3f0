import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { focusRing } from '@ops/ui/button';

const insetFocusRing =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-600';
import { useShortcuts } from '@/lib/shortcuts';

/** The query parameter holding the open tab (`?tab=history`); the first tab leaves it out. */
export const tabParam = 'tab';

export type DetailTab = {
  /** In the URL: `?tab=<id>`. */
  id: string;
  label: string;
  /** Rendered only while the tab is open. */
  content: ReactNode;
  /** Leaves the tab out (e.g. Edit for someone who may not edit). */
  isHidden?: boolean;
};

/** The tab `e` opens. */
const editTabId = 'edit';

/** The open tab of `tabIds` from the URL (the first when absent or unknown), and how to open one. */
export function useDetailTab(tabIds: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(tabParam);
  const current = requested && tabIds.includes(requested) ? requested : (tabIds[0] ?? '');
  const first = tabIds[0];
  const openTab = useCallback(
    (id: string) => {
      // Replaces the entry: Back leaves the record (to the list) rather than stepping through tabs.
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id === first) next.delete(tabParam);
          else next.set(tabParam, id);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams, first],
  );
  return [current, openTab] as const;
}

/**
 * A detail screen's tabs (Overview / Edit / History …) following the WAI-ARIA tabs pattern:
 * a tablist whose arrow keys, Home and End move between tabs (one tab stop), each tab
 * controlling its panel. The open tab lives in the URL, so a reload or a shared link opens it.
 */
export function DetailTabs({ tabs, label }: { tabs: readonly DetailTab[]; label: string }) {
  const shown = tabs.filter((tab) => !tab.isHidden);
  const [current, openTab] = useDetailTab(shown.map((tab) => tab.id));
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id}`;

  // The open tab in view when the row of tabs scrolls (a record opened on its last tab): only
  // the row is scrolled, never the page (scrollIntoView would move the page too).
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(current);
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
  }, [current]);
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = shown.findIndex((tab) => tab.id === current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: shown.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = shown[(target + shown.length) % shown.length];
    if (!next) return;
    openTab(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  // `e` opens the Edit tab where the record has one for this operator (issue 19).
  const hasEdit = shown.some((tab) => tab.id === editTabId);
  useShortcuts(
    {
      e: () => {
        openTab(editTabId);
        tabRefs.current.get(editTabId)?.focus();
      },
    },
    { enabled: hasEdit },
  );

  const open = shown.find((tab) => tab.id === current);
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        ref={listRef}
        aria-label={label}
        onKeyDown={onKeyDown}
        // On a phone the tabs may be wider than the record: they scroll sideways inside their
        // row (the page itself never does), tighter there so that most records' tabs fit.
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {shown.map((tab) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => openTab(tab.id)}
              className={[
                'shrink-0 border-b-2 px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3',
                isSelected
                  ? 'border-sky-700 text-sky-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                // Drawn inside the tab: the scrolling row would cut off a ring around it.
                insetFocusRing,
              ].join(' ')}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {open ? (
        <div
          role="tabpanel"
          id={panelId(open.id)}
          aria-labelledby={tabId(open.id)}
          tabIndex={0}
          className={`min-w-0 ${focusRing}`}
        >
          {open.content}
        </div>
      ) : null}
    </div>
  );
}
