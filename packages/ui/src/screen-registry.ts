import { generatePath, type PathParam } from 'react-router';

/**
 * The kit of an app's screen registry: the types and helpers with which an app declares its
 * screens (ids, URL patterns, nesting, sidebar entries) in a leaf module, and builds its typed
 * links from them. The console's registry is `config/screens.ts`; a second app (the member
 * portal) declares its own with `defineScreens`. The declarations hold no component: an app's
 * router pairs each screen id with its lazy loader (the console's `app/screen-loaders.ts`), so the
 * registry, and `paths` built from it, import no screen and every feature may import them.
 */

/** One screen of an app: a route of its table and, with a path, a link target. */
export type ScreenDeclaration<
  Id extends string = string,
  Pattern extends string | undefined = string | undefined,
> = {
  /** The route's `id`: tests, the error boundary and the screen loaders name the screen by it. */
  id: Id;
  /**
   * The full URL pattern, as React Router writes it (`/members/:mid`); `/` is the index screen.
   * None for a layout around other screens, which has no URL of its own.
   */
  path: Pattern;
  /**
   * The id of the screen this one renders in (its outlet): a detail beside its list. Its path
   * then continues its parent's (`/members` → `/members/:mid`).
   */
  inside?: string;
};

export type SidebarDeclaration = {
  /** The entry's words; it links to the area's first screen that has a path. */
  label: string;
  /** `g` then this letter goes to the area (issue 19); unique, `area-shortcuts.test.ts`. */
  shortcut?: string;
};

export type AreaDeclaration<
  Screens extends Record<string, ScreenDeclaration> = Record<string, ScreenDeclaration>,
> = {
  /** Its own sidebar entry, in the order of the registry. */
  sidebar?: SidebarDeclaration;
  /**
   * For an area without an entry: the area whose entry is current on its screens (operators and
   * search indexes are reached from the settings home, so Settings is highlighted there).
   */
  sidebarGroup?: string;
  /** The area's screens, by the name `paths` gives them (`paths.member.getHref({ mid })`). */
  screens: Screens;
};

/** An app's areas by name, in the order of its sidebar. */
export type ScreenRegistry = Readonly<Record<string, AreaDeclaration>>;

/** A screen with id `id` at `path` (a layout: `undefined`), optionally inside another screen. */
export function screen<const Id extends string, const Pattern extends string | undefined>(
  id: Id,
  path: Pattern,
  options: { inside?: string } = {},
): ScreenDeclaration<Id, Pattern> {
  return { id, path, ...options };
}

/** Keeps the literal types of an area's screens (their ids type the loaders, their patterns `paths`). */
export function defineArea<const Screens extends Record<string, ScreenDeclaration>>(
  area: Omit<AreaDeclaration, 'screens'> & { screens: Screens },
): AreaDeclaration<Screens> {
  return area;
}

/**
 * An app's registry, with the literal types of its areas (their screen ids type the loaders,
 * their patterns `paths`). Its rules are checked by `problemsOf` in the app's tests, so the
 * checks do not ship in the bundle every screen loads.
 */
export function defineScreens<const Registry extends ScreenRegistry>(registry: Registry): Registry {
  return registry;
}

/**
 * What is wrong with a registry, in words (none: `[]`): screen ids are unique, a screen renders
 * inside a declared screen, an area is grouped under an area that has a sidebar entry.
 */
export function problemsOf(registry: ScreenRegistry): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const declared of screensOf(registry)) {
    if (ids.has(declared.id)) problems.push(`Two screens have the id ${declared.id}.`);
    ids.add(declared.id);
  }
  for (const declared of screensOf(registry)) {
    if (declared.inside !== undefined && !ids.has(declared.inside)) {
      problems.push(`The screen ${declared.id} is inside ${declared.inside}, which is no screen.`);
    }
  }
  for (const [name, area] of Object.entries(registry)) {
    const group = area.sidebarGroup === undefined ? undefined : registry[area.sidebarGroup];
    if (area.sidebarGroup !== undefined && group?.sidebar === undefined) {
      problems.push(`The area ${name} is grouped under ${area.sidebarGroup}, which has no entry.`);
    }
  }
  return problems;
}

/** Every screen of a registry's areas, by name (the union of the areas' screens). */
export type ScreensOf<Registry extends ScreenRegistry> = UnionToIntersection<
  Registry[keyof Registry]['screens']
>;

type UnionToIntersection<Union> = (
  Union extends unknown ? (argument: Union) => void : never
) extends (argument: infer Intersection) => void
  ? Intersection
  : never;

/** The ids of a registry's screens: the keys of its screen loaders. */
export type ScreenIdOf<Registry extends ScreenRegistry> = {
  [Area in keyof Registry]: Registry[Area]['screens'][keyof Registry[Area]['screens']]['id'];
}[keyof Registry];

/** Every declared screen, area by area, in declaration order. */
export function screensOf<Registry extends ScreenRegistry>(
  registry: Registry,
): ScreenDeclaration<ScreenIdOf<Registry>>[] {
  return Object.values(registry).flatMap((area) =>
    Object.values(area.screens),
  ) as ScreenDeclaration<ScreenIdOf<Registry>>[];
}

/** The arguments of `getHref`: none for a path without parameters, else every parameter. */
export type HrefArgs<Pattern extends string> = [PathParam<Pattern>] extends [never]
  ? []
  : [params: Record<PathParam<Pattern>, string>];

/** One screen's address: its route id, its URL pattern, and how to build a link to it. */
export type AppPath<Pattern extends string> = {
  /** The `id` of the route that renders this screen (its declaration in the registry). */
  id: string;
  /** The URL pattern, as React Router writes it (`/members/:mid`). */
  path: Pattern;
  /** The URL of the screen; parameters are URL-encoded. */
  getHref: (...args: HrefArgs<Pattern>) => string;
};

function definePath<const Pattern extends string>(id: string, pattern: Pattern): AppPath<Pattern> {
  return {
    id,
    path: pattern,
    // Widened to string: the parameter types are already enforced by HrefArgs<Pattern>.
    getHref: (...args) => generatePath<string>(pattern, args[0]),
  };
}

/** The screens of a registry that have a URL (a layout has none), each with its address. */
export type PathsOf<Registry extends ScreenRegistry> = {
  [
    Name in keyof ScreensOf<Registry> as ScreensOf<Registry>[Name] extends { path: string }
      ? Name
      : never
  ]: ScreensOf<Registry>[Name] extends { path: infer Pattern extends string }
    ? AppPath<Pattern>
    : never;
};

/** The link registry of an app: every screen with a URL, by its name in its area. */
export function pathsOf<Registry extends ScreenRegistry>(registry: Registry): PathsOf<Registry> {
  return Object.fromEntries(
    Object.values(registry).flatMap((area) =>
      Object.entries(area.screens).flatMap(([name, declared]) =>
        declared.path === undefined ? [] : [[name, definePath(declared.id, declared.path)]],
      ),
    ),
  ) as PathsOf<Registry>;
}
