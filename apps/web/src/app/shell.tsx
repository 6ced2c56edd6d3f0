import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { Logo } from '@/components/logo';
import { ProgressBar } from '@/components/progress-bar';
import { paths } from '@/config/paths';
import { AuthGate, AuthGateFallback } from '@/features/auth/components/auth-gate';
import { UserFooter } from '@/features/auth/components/user-footer';
import { KeyboardShortcutsButton, KeyboardShortcutsDialog } from './components/keyboard-shortcuts';
import { LazySearchPalette, usePreloadSearchPalette } from './components/lazy-search-palette';
import { MenuButton, MobileMenu } from './components/mobile-menu';
import { SearchButton, SidebarNav } from './components/sidebar';
import { useConsoleShortcuts } from './hooks/use-console-shortcuts';
import { usePaletteShortcut } from './hooks/use-palette-shortcut';
import {
  getBrowserPlatform,
  getPaletteShortcutHint,
  type PaletteShortcutHint,
} from './utils/palette-shortcut';

// The platform does not change while the page lives.
const shortcutHint = getPaletteShortcutHint(getBrowserPlatform());

/** What the sidebar holds below its title, on the page (from `md`) or in the mobile menu. */
function SidebarContent({
  hint,
  onSearch,
  onShortcuts,
  footer,
}: {
  hint: PaletteShortcutHint;
  onSearch: () => void;
  /** Opens the keyboard shortcuts' help (issue 19). */
  onShortcuts: () => void;
  footer: ReactNode;
}) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="px-3 pt-3 md:pt-1">
          <SearchButton hint={hint} onClick={onSearch} />
        </div>
        <SidebarNav />
      </div>
      <div className="border-t border-slate-200">
        <div className="px-2 pt-2">
          <KeyboardShortcutsButton onClick={onShortcuts} />
        </div>
        {footer}
      </div>
    </div>
  );
}

function ShellLayout({ footer, children }: { footer: ReactNode; children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const [isPaletteOpen, setPaletteOpen] = useState(false);
  // The menu is open on the screen it was opened on: another screen (a link in the menu, the
  // palette, Back) closes it, without an effect. The search is part of the screen (filters).
  const screen = `${location.pathname}${location.search}`;
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === screen;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  usePreloadSearchPalette();

  const closeMenu = useCallback(() => setMenuOpenedOn(null), []);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  // The palette replaces the menu rather than stacking over it: one modal at a time, and the
  // focus it returns to on closing is the menu button, not a link in a menu that is gone.
  const togglePalette = useCallback(() => {
    setMenuOpenedOn(null);
    setPaletteOpen((open) => !open);
  }, []);
  const openPalette = useCallback(() => {
    setMenuOpenedOn(null);
    setPaletteOpen(true);
  }, []);
  usePaletteShortcut(togglePalette);
  // `g` + letter and `?` (issue 19); the help replaces the menu as the palette does.
  const { isHelpOpen, openHelp, closeHelp } = useConsoleShortcuts({
    isPaletteOpen,
  });
  const openHelpFromMenu = useCallback(() => {
    setMenuOpenedOn(null);
    openHelp();
  }, [openHelp]);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 md:flex">
      <a
        href="#main"
        className={`sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow ${focusRing}`}
      >
        Skip to content
      </a>
      <div className="fixed inset-x-0 top-0 z-40">
        {navigation.state === 'idle' ? null : <ProgressBar label="Loading screen" />}
      </div>
      {/* Below `md` a top bar with the title and the menu button; from `md` the sidebar. */}
      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 md:h-dvh md:w-60 md:shrink-0 md:flex-col md:items-stretch md:justify-start md:gap-0 md:border-r md:border-b-0 md:px-0 md:py-0 print:hidden">
        <h1 className="md:px-4 md:pt-6 md:pb-3">
          <Link
            to={paths.home.getHref()}
            className={`flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight text-slate-900 ${focusRing}`}
          >
            <Logo />
            Operations
          </Link>
        </h1>
        <MenuButton
          ref={menuButtonRef}
          menuId={menuId}
          isOpen={isMenuOpen}
          onClick={() => setMenuOpenedOn(screen)}
        />
        <div className="hidden md:flex md:min-h-0 md:flex-1 md:flex-col">
          <SidebarContent
            hint={shortcutHint}
            onSearch={openPalette}
            onShortcuts={openHelp}
            footer={footer}
          />
        </div>
      </header>
      <MobileMenu
        id={menuId}
        isOpen={isMenuOpen}
        onClose={closeMenu}
        returnFocusRef={menuButtonRef}
      >
        <SidebarContent
          hint={shortcutHint}
          onSearch={openPalette}
          onShortcuts={openHelpFromMenu}
          footer={footer}
        />
      </MobileMenu>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 p-4 focus:outline-none md:p-8 print:p-0"
      >
        {children}
      </main>
      {/* After the menu: its effects run first, so the focus is back on the menu button when
          the palette opens from it, and the palette gives the focus back there. */}
      <LazySearchPalette open={isPaletteOpen} onClose={closePalette} />
      <KeyboardShortcutsDialog isOpen={isHelpOpen} onClose={closeHelp} />
    </div>
  );
}

/**
 * The console's frame: sidebar (a slide-in menu on small screens), the signed-in user at its
 * foot, the search palette, and the current screen. The gate lets only operators in; everyone
 * else sees the sign-in screen or the not-an-operator message at the same address.
 */
export function Shell() {
  return (
    <AuthGate>
      <ShellLayout footer={<UserFooter />}>
        <Outlet />
      </ShellLayout>
    </AuthGate>
  );
}

/**
 * What shows while the first screen's code loads: the progress bar, as it is not known yet
 * whether the console or the sign-in screen comes.
 */
export function ShellFallback() {
  return <AuthGateFallback />;
}
