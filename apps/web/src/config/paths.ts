import { pathsOf } from '@ops/ui/screen-registry';
import { areas } from './screens';

export type { AppPath, HrefArgs } from '@ops/ui/screen-registry';

/**
 * Every screen of the console (spec §2), as the screen registry (config/screens.ts) declares it.
 * Links are built only from here. The spec's named routes are home, applications, members,
 * certificates, invoices, stripe-invoices (`stripeInvoices`), users, emails, settings and the
 * details user, application, member, invoice.
 *
 * The registry is a leaf (it imports no screen; the screens' code is app/screen-loaders.ts), so
 * every feature may link with `paths` without an import cycle.
 */
export const paths = pathsOf(areas);

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
  /**
   * Issue 35: the change-request queue in a status and of a kind
   * (`?status=pending&kind=close-account`), oldest first.
   */
  changeRequests: (filter: { status?: string; kind?: string } = {}) =>
    withListQuery(paths.changeRequests.getHref(), { status: filter.status, kind: filter.kind }),
  /** E-mails in a delivery state (`?state=ERROR`). */
  emails: (filter: { state?: string } = {}) =>
    withListQuery(paths.emails.getHref(), { state: filter.state }),
};
