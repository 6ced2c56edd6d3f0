import { generatePath, type PathParam } from 'react-router';

/** The arguments of `getHref`: none for a path without parameters, else every parameter. */
export type HrefArgs<Pattern extends string> = [PathParam<Pattern>] extends [never]
  ? []
  : [params: Record<PathParam<Pattern>, string>];

/** One screen's address: its route id, its URL pattern, and how to build a link to it. */
export type AppPath<Pattern extends string> = {
  /** The `id` of the route that renders this screen (src/app/router.tsx). */
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

/**
 * Every screen of the console (spec §2). Links are built only from here. The spec's named
 * routes are home, applications, members, certificates, invoices, stripe-invoices
 * (`stripeInvoices`), users, emails, settings and the details user, application, member, invoice.
 */
export const paths = {
  home: definePath('home', '/'),

  members: definePath('members', '/members'),
  membersFixes: definePath('members-fixes', '/members/fixes'),
  membersUpload: definePath('members-upload', '/members/upload'),
  member: definePath('member', '/members/:mid'),

  certificates: definePath('certificates', '/certificates'),
  certificate: definePath('certificate', '/certificates/:cid'),

  invoices: definePath('invoices', '/invoices'),
  invoicesUpload: definePath('invoices-upload', '/invoices/upload'),
  invoicesPdfs: definePath('invoices-pdfs', '/invoices/pdfs'),
  invoicesFixes: definePath('invoices-fixes', '/invoices/fixes'),
  invoice: definePath('invoice', '/invoices/:iid'),

  applications: definePath('applications', '/applications'),
  application: definePath('application', '/applications/:aid'),

  stripeInvoices: definePath('stripe-invoices', '/stripe-invoices'),
  stripeInvoice: definePath('stripe-invoice', '/stripe-invoices/:sid'),

  users: definePath('users', '/users'),
  user: definePath('user', '/users/:uid'),

  operators: definePath('operators', '/operators'),
  operator: definePath('operator', '/operators/:uid'),

  emails: definePath('emails', '/emails'),
  email: definePath('email', '/emails/:eid'),

  settings: definePath('settings', '/settings'),
  bankAccounts: definePath('bank-accounts', '/settings/bank-accounts'),
  bankAccount: definePath('bank-account', '/settings/bank-accounts/:id'),
  countries: definePath('countries', '/countries'),
  country: definePath('country', '/countries/:iso2'),

  searchIndexes: definePath('search-indexes', '/search/indexes'),
} as const;

type ListQuery = Record<string, string | boolean | readonly string[] | undefined>;

/**
 * A list's URL with its filters in the query string. A list of values is comma-separated, each
 * value encoded (a comma inside one would be `%2C`), so the URL stays readable:
 * `/applications?status=submitted,endorsed`.
 */
function withListQuery(pathname: string, query: ListQuery): string {
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
  /** Invoices; `overdue: true` keeps the issued ones past their due date (`?overdue=true`). */
  invoices: (filter: { overdue?: boolean } = {}) =>
    withListQuery(paths.invoices.getHref(), { overdue: filter.overdue }),
  /** E-mails in a delivery state (`?state=ERROR`). */
  emails: (filter: { state?: string } = {}) =>
    withListQuery(paths.emails.getHref(), { state: filter.state }),
};
