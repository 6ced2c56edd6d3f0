import { generatePath, type PathParam } from 'react-router';
import { areas, type AreaName, type ScreenDeclaration } from '@/app/areas';

/** The arguments of `getHref`: none for a path without parameters, else every parameter. */
export type HrefArgs<Pattern extends string> = [PathParam<Pattern>] extends [never]
  ? []
  : [params: Record<PathParam<Pattern>, string>];

/** One screen's address: its route id, its URL pattern, and how to build a link to it. */
export type AppPath<Pattern extends string> = {
  /** The `id` of the route that renders this screen (src/app/areas.ts). */
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

/** Every declared screen by its name, from the area registry. */
type DeclaredScreens = UnionToIntersection<(typeof areas)[AreaName]['screens']>;
type UnionToIntersection<Union> = (
  Union extends unknown ? (argument: Union) => void : never
) extends (argument: infer Intersection) => void
  ? Intersection
  : never;

/** The screens that have a URL (a layout has none), each with its pattern. */
type ScreenPaths = {
  [
    Name in keyof DeclaredScreens as DeclaredScreens[Name] extends { path: string } ? Name : never
  ]: DeclaredScreens[Name] extends { path: infer Pattern extends string }
    ? AppPath<Pattern>
    : never;
};

/**
 * Every screen of the console (spec §2), as the area registry (src/app/areas.ts) declares it.
 * Links are built only from here. The spec's named routes are home, applications, members,
 * certificates, invoices, stripe-invoices (`stripeInvoices`), users, emails, settings and the
 * details user, application, member, invoice.
 *
 * Features reach the registry only through here; it imports their screens only lazily
 * (`import()`), so no feature code loads with `paths`.
 */
export const paths = Object.fromEntries(
  Object.values(areas).flatMap((area) =>
    Object.entries(area.screens).flatMap(([name, screen]: [string, ScreenDeclaration]) =>
      screen.path === undefined ? [] : [[name, definePath(screen.id, screen.path)]],
    ),
  ),
) as ScreenPaths;

export type ListQuery = Record<string, string | boolean | readonly string[] | undefined>;

/**
 * A list's URL with its filters in the query string. A list of values is comma-separated, each
 * value encoded (a comma inside one would be `%2C`), so the URL stays readable:
 * `/applications?status=submitted,endorsed`.
 */
export function withListQuery(pathname: string, query: ListQuery): string {
  const parts = Object.entries(query).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const values = typeof value === 'string' || typeof value === 'boolean' ? [value] : value;
    if (values.length === 0) return [];
    const encoded = values.map((item) => encodeURIComponent(String(item))).join(',');
    return [`${encodeURIComponent(name)}=${encoded}`];
  });
  return parts.length === 0 ? pathname : `${pathname}?${parts.join('&')}`;
}

/**
 * Links to filtered lists (e.g. from the home screen's counts). The list screens read the same
 * query parameters, so a filter is named in one place.
 */
export const listHrefs = {
  /** Applications in any of the given statuses (`?status=submitted,endorsed`). */
  applications: (filter: { status?: readonly string[] } = {}) =>
    withListQuery(paths.applications.getHref(), { status: filter.status }),
  /**
   * Invoices; `overdue: true` keeps the issued ones past their due date (`?overdue=true`); the
   * home dashboard's dunning counts add the status, level, due dates (`..2026-08-26`), member
   * categories and sort (issue 18).
   */
  invoices: (
    filter: {
      overdue?: boolean;
      status?: string;
      dunningLevel?: number;
      dueDate?: string;
      memberCategory?: readonly string[];
      sort?: string;
      /** Issue 32: the postal reminders whose letter is still to post (`?needsLetter=true`). */
      needsLetter?: boolean;
    } = {},
  ) =>
    withListQuery(paths.invoices.getHref(), {
      overdue: filter.overdue,
      needsLetter: filter.needsLetter,
      status: filter.status,
      dunningLevel: filter.dunningLevel === undefined ? undefined : String(filter.dunningLevel),
      dueDate: filter.dueDate,
      memberCategory: filter.memberCategory,
      sort: filter.sort,
    }),
  /** E-mails in a delivery state (`?state=ERROR`). */
  emails: (filter: { state?: string } = {}) =>
    withListQuery(paths.emails.getHref(), { state: filter.state }),
};
