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
