import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ScreenDeclaration } from '@ops/ui/screen-registry';
import { declaredScreens } from '@/config/screens';
import { RouteError } from './route-error';
import { screenLoaders, type LoadScreen } from './screen-loaders';
import { Shell, ShellFallback } from './shell';

/** Route `lazy` for a screen: its code is a chunk of its own, fetched when first shown. */
function lazyScreen(load: LoadScreen) {
  return async () => ({ Component: await load() });
}

/** The route of one declared screen, with the screens that render inside it. */
function routeOf<Id extends string>(
  screen: ScreenDeclaration<Id>,
  screensInside: ReadonlyMap<string, ScreenDeclaration<Id>[]>,
  loaders: Readonly<Record<Id, LoadScreen>>,
  parentPath: string | undefined,
): RouteObject {
  const children = (screensInside.get(screen.id) ?? []).map((child) =>
    routeOf(child, screensInside, loaders, screen.path ?? parentPath),
  );
  const lazy = lazyScreen(loaders[screen.id]);
  if (screen.path === '/') return { id: screen.id, index: true, lazy };
  // React Router writes a child's path relative to its parent's: /members/:mid is :mid there.
  const parentPrefix = `${parentPath ?? ''}/`;
  if (screen.path !== undefined && !screen.path.startsWith(parentPrefix)) {
    throw new Error(`The screen ${screen.id} (${screen.path}) is not under ${parentPrefix}.`);
  }
  const path = screen.path?.slice(parentPrefix.length);
  return { id: screen.id, path, lazy, ...(children.length > 0 ? { children } : {}) };
}

/**
 * The declared screens as nested routes: each inside the screen it names, the rest at the top,
 * each loading its code (`loaders`, by screen id) when first shown.
 */
function screenRoutes<Id extends string>(
  screens: readonly ScreenDeclaration<Id>[],
  loaders: Readonly<Record<Id, LoadScreen>>,
): RouteObject[] {
  const screensInside = new Map<string, ScreenDeclaration<Id>[]>();
  for (const screen of screens) {
    if (screen.inside === undefined) continue;
    screensInside.set(screen.inside, [...(screensInside.get(screen.inside) ?? []), screen]);
  }
  return screens
    .filter((screen) => screen.inside === undefined)
    .map((screen) => routeOf(screen, screensInside, loaders, undefined));
}

/**
 * The route table of spec §2, generated from the screen registry (config/screens.ts) with each
 * screen's loader (screen-loaders.ts): the shell, its error boundary, every declared screen, and
 * the not-found screen. Ids name the screens; `paths` (config/paths.ts) builds every link from
 * the same declarations.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Shell,
    HydrateFallback: ShellFallback,
    // Only for a failure of the shell itself; screens fail inside the shell (below).
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: catches the errors of every screen so the error card shows inside the shell.
        id: 'screens',
        ErrorBoundary: RouteError,
        children: [
          ...screenRoutes(declaredScreens(), screenLoaders),
          {
            id: 'not-found',
            path: '*',
            lazy: lazyScreen(() => import('./not-found').then((m) => m.NotFoundRoute)),
          },
        ],
      },
    ],
  },
];

/** The app's router: browser history (real URLs, no hash), the route table above. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
