import { MagnifierIcon } from '@/components/icons';
import { lazy, Suspense } from 'react';
import { ChunkErrorBoundary } from '@/components/chunk-error-boundary';
import { Link, matchPath, useLocation } from 'react-router';
import { focusRing } from '@ops/ui/button';
import type { ScreenDeclaration, ScreenRegistry } from '@ops/ui/screen-registry';
import { areas } from '@/config/screens';
import { isEntryActive } from '../utils/sidebar-entry-match';
import type { PaletteShortcutHint } from '../utils/palette-shortcut';

export type SidebarEntry = {
  label: string;
  to: string;
  /** Only the exact URL makes it active (home would match everything otherwise). */
  end?: boolean;
  /** Other URL patterns that live inside this entry's view. */
  alsoActiveOn?: string[];
};

/** The URL pattern that covers a screen: its URL, and below it when screens render inside it. */
function patternOf(screen: ScreenDeclaration & { path: string }, screens: ScreenDeclaration[]) {
  const hasScreensInside = screens.some((other) => other.inside === screen.id);
  return hasScreensInside ? `${screen.path}/*` : screen.path;
}

/**
 * The sidebar of the area registry: one entry per area that declares one, in its order, linking
 * to the area's first screen. It is current on every screen of its area and of the areas
 * grouped under it (`sidebarGroup`): /countries and /operators belong to Settings.
 */
export function sidebarEntriesOf(declared: ScreenRegistry) {
  const everyScreen = Object.values(declared).flatMap((area) => Object.values(area.screens));
  return Object.entries(declared).flatMap(([name, area]): SidebarEntry[] => {
    if (!area.sidebar) return [];
    const grouped = Object.values(declared).filter((other) => other.sidebarGroup === name);
    const screens = [area, ...grouped]
      .flatMap((member) => Object.values(member.screens))
      .filter(
        (screen): screen is ScreenDeclaration & { path: string } => screen.path !== undefined,
      );
    const to = screens[0]?.path;
    if (to === undefined) throw new Error(`The area ${name} has no screen to link to.`);
    if (to === '/') return [{ label: area.sidebar.label, to, end: true }];
    const covered = [`${to}/*`];
    for (const screen of screens) {
      if (covered.some((pattern) => matchPath(pattern, screen.path) !== null)) continue;
      covered.push(patternOf(screen, everyScreen));
    }
    const alsoActiveOn = covered.slice(1);
    return [
      { label: area.sidebar.label, to, ...(alsoActiveOn.length > 0 ? { alsoActiveOn } : {}) },
    ];
  });
}

// Spec §2 "Shell": nine entries, in the registry's order (sidebar.test.ts pins them).
const sidebarEntries = sidebarEntriesOf(areas);

function SidebarLink({ entry }: { entry: SidebarEntry }) {
  const { pathname } = useLocation();
  // Not NavLink: it marks only URLs under its own, and /countries belongs to Settings too.
  const isActive = isEntryActive(entry, pathname);
  return (
    <Link
      aria-current={isActive ? 'page' : undefined}
      to={entry.to}
      className={[
        'block rounded-md px-3 py-2 text-sm whitespace-nowrap',
        focusRing,
        isActive
          ? 'bg-sky-50 font-semibold text-sky-900 shadow-[inset_3px_0_0] shadow-sky-600'
          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      ].join(' ')}
    >
      {entry.label}
    </Link>
  );
}

// The saved views under the entries (issue 19) are a chunk of their own, with the contract's
// list table: the sign-in screen's bundle (150 KB budget) carries none of it.
const SidebarViews = lazy(() => import('./sidebar-views'));

/**
 * The nine entries of spec §2, the current one highlighted and marked aria-current="page"; under
 * each, the operator's saved views of its lists with their counts.
 */
export function SidebarNav() {
  return (
    <nav aria-label="Main" className="px-2 py-2">
      <ul className="flex flex-col gap-0.5">
        {sidebarEntries.map((entry) => (
          <li key={entry.to}>
            <SidebarLink entry={entry} />
            {/* Saved views whose code could not load leave the entries alone. */}
            <ChunkErrorBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <SidebarViews entry={entry} entries={sidebarEntries} />
              </Suspense>
            </ChunkErrorBoundary>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Opens the search palette; shows the keyboard shortcut that does the same (spec §2), except on
 * touch devices.
 */
export function SearchButton({
  hint,
  onClick,
}: {
  hint: PaletteShortcutHint;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-keyshortcuts={hint.ariaKeyShortcuts}
      className={`flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-600 shadow-xs hover:border-slate-400 hover:text-slate-900 ${focusRing}`}
    >
      <MagnifierIcon className="size-4 shrink-0" />
      <span className="flex-1">Search</span>
      {/* No keyboard on a touch screen: the hint would only puzzle (pointer: coarse). */}
      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs text-slate-600 pointer-coarse:hidden">
        {hint.label}
      </kbd>
    </button>
  );
}
