import {
  defineArea,
  defineScreens,
  screen,
  screensOf,
  type AreaDeclaration,
  type ScreenDeclaration,
  type ScreenIdOf,
} from '@ops/ui/screen-registry';

/**
 * The commonest area: a list and its records, a record opening beside the list (in its outlet)
 * at the list's path and its parameter (`/users` → `/users/:uid`). The screens' names in `paths`
 * are `[list, record]`; their route ids are the names in kebab case (`changeRequests` →
 * `change-requests`), as everywhere in the registry.
 */
function listAndRecords<
  const List extends string,
  const ListPath extends string,
  const Record extends string,
  const Param extends string,
>(
  entry: Omit<AreaDeclaration, 'screens'>,
  [list, listPath]: [List, ListPath],
  [record, param]: [Record, Param],
) {
  const listId = kebab(list);
  const screens = {
    [list]: screen(listId, listPath),
    [record]: screen(kebab(record), `${listPath}/:${param}`, { inside: listId }),
  } as { [Name in List]: ScreenDeclaration<Kebab<List>, ListPath> } & {
    [Name in Record]: ScreenDeclaration<Kebab<Record>, `${ListPath}/:${Param}`>;
  };
  return defineArea({ ...entry, screens });
}

type Kebab<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${Kebab<Tail>}`
  : Name;

function kebab<const Name extends string>(name: Name): Kebab<Name> {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) as Kebab<Name>;
}

/**
 * Every area of the console (spec §2), in the order of the sidebar: its screens (route id, full
 * URL pattern, the screen each renders inside) and its sidebar entry. The route table
 * (app/router.tsx), the link registry (`paths`, config/paths.ts) and the sidebar (and with it the
 * phone's menu and the `g` shortcuts) are built from it; screens.test.tsx renders every screen
 * declared here. A new area is one entry here and one loader per screen in app/screen-loaders.ts
 * (a missing or extra loader is a type error).
 *
 * A leaf: it imports no screen, nothing of app/ or features/ (screens.test.ts reads its import
 * graph), so `paths` and every feature may read it without a cycle.
 *
 * Lists and details are nested views: a detail renders in its list's outlet (beside the list,
 * or in its place on a narrow screen).
 */
export const areas = defineScreens({
  home: defineArea({
    sidebar: { label: 'Ops', shortcut: 'h' },
    screens: {
      home: screen('home', '/'),
    },
  }),

  applications: listAndRecords(
    { sidebar: { label: 'Applications', shortcut: 'a' } },
    ['applications', '/applications'],
    ['application', 'aid'],
  ),

  // CSV uploads, PDF uploads and fixes are whole pages of their own, not records beside the
  // list: siblings of the list with URLs under it. Their static segments outrank the list's
  // :mid / :iid child, so /members/upload is not member "upload".
  members: defineArea({
    sidebar: { label: 'Members', shortcut: 'm' },
    screens: {
      members: screen('members', '/members'),
      membersFixes: screen('members-fixes', '/members/fixes'),
      membersUpload: screen('members-upload', '/members/upload'),
      member: screen('member', '/members/:mid', { inside: 'members' }),
    },
  }),

  // Issue 35: what members ask staff from the portal (a company-data change, closing the
  // account), the oldest pending first; each request opens beside the queue.
  changeRequests: listAndRecords(
    { sidebar: { label: 'Change requests', shortcut: 'q' } },
    ['changeRequests', '/change-requests'],
    ['changeRequest', 'id'],
  ),

  certificates: listAndRecords(
    { sidebar: { label: 'Certificates', shortcut: 'c' } },
    ['certificates', '/certificates'],
    ['certificate', 'cid'],
  ),

  invoices: defineArea({
    sidebar: { label: 'Invoices', shortcut: 'i' },
    screens: {
      invoices: screen('invoices', '/invoices'),
      invoicesUpload: screen('invoices-upload', '/invoices/upload'),
      invoicesPdfs: screen('invoices-pdfs', '/invoices/pdfs'),
      invoicesFixes: screen('invoices-fixes', '/invoices/fixes'),
      invoice: screen('invoice', '/invoices/:iid', { inside: 'invoices' }),
    },
  }),

  // The spec's named route is stripe-invoices (`paths.stripeInvoices`); the sidebar says Payments.
  payments: listAndRecords(
    { sidebar: { label: 'Payments', shortcut: 'p' } },
    ['stripeInvoices', '/stripe-invoices'],
    ['stripeInvoice', 'sid'],
  ),

  // Issue 16: imported bank statements (camt.053/054), their entries and the Unmatched payments
  // queue. The import and the queue are pages beside the list; their static segments outrank
  // the statement's :bsid.
  bankStatements: defineArea({
    sidebar: { label: 'Bank statements', shortcut: 'b' },
    screens: {
      bankStatements: screen('bank-statements', '/bank-statements'),
      bankStatementsImport: screen('bank-statements-import', '/bank-statements/import'),
      bankStatementsUnmatched: screen('bank-statements-unmatched', '/bank-statements/unmatched'),
      bankStatement: screen('bank-statement', '/bank-statements/:bsid', {
        inside: 'bank-statements',
      }),
    },
  }),

  users: listAndRecords(
    { sidebar: { label: 'Users', shortcut: 'u' } },
    ['users', '/users'],
    ['user', 'uid'],
  ),

  emails: listAndRecords(
    { sidebar: { label: 'E-mails', shortcut: 'e' } },
    ['emails', '/emails'],
    ['email', 'eid'],
  ),

  // Issue 18: the reports (charts with their tables, drill-down, CSV/XLSX, print). Each report
  // is a page of its own, not a record beside the index.
  reports: defineArea({
    sidebar: { label: 'Reports', shortcut: 'r' },
    screens: {
      reports: screen('reports', '/reports'),
      report: screen('report', '/reports/:name'),
    },
  }),

  // Issue 18: the activity log, every audit entry in one list; a row opens its record.
  activity: defineArea({
    sidebar: { label: 'Activity', shortcut: 'l' },
    screens: {
      activity: screen('activity', '/activity'),
    },
  }),

  // Spec §2 declares countries as a child of settings with the absolute path /countries. React
  // Router rejects an absolute child path that does not start with its parent's path, so a
  // pathless layout renders the settings view around both the /settings subtree and /countries:
  // countries show inside settings while their URL stays /countries.
  settings: defineArea({
    sidebar: { label: 'Settings', shortcut: 's' },
    screens: {
      settingsLayout: screen('settings-layout', undefined),
      // The settings home, or the open section (bank accounts).
      settings: screen('settings', '/settings', { inside: 'settings-layout' }),
      paymentTolerances: screen('payment-tolerances', '/settings/payment-tolerances', {
        inside: 'settings',
      }),
      // Issue 32: the first-year rule of approvals.
      membershipBilling: screen('membership-billing', '/settings/membership-billing', {
        inside: 'settings',
      }),
      // Issue 35: the company-data fields members change in the portal without review.
      memberPortalSettings: screen('member-portal-settings', '/settings/member-portal', {
        inside: 'settings',
      }),
      // Issue 17: the dunning levels, minimum amounts and recent-payment days.
      dunningSettings: screen('dunning-settings', '/settings/dunning', { inside: 'settings' }),
      // Issue 17: the e-mail templates in four languages (editor, live preview, history).
      emailTemplates: screen('email-templates', '/settings/email-templates', {
        inside: 'settings',
      }),
      // Issue 18: the monthly exchange rates of the reports' CHF equivalents.
      exchangeRates: screen('exchange-rates', '/settings/exchange-rates', { inside: 'settings' }),
      // Issue 17: scheduled and background jobs (schedules, running jobs, the last runs).
      jobs: screen('jobs', '/settings/jobs', { inside: 'settings' }),
      // Issue 20: the nightly backup's retention and the backups it made.
      backups: screen('backups', '/settings/backups', { inside: 'settings' }),
      bankAccounts: screen('bank-accounts', '/settings/bank-accounts', { inside: 'settings' }),
      bankAccount: screen('bank-account', '/settings/bank-accounts/:id', {
        inside: 'bank-accounts',
      }),
      countries: screen('countries', '/countries', { inside: 'settings-layout' }),
      country: screen('country', '/countries/:iso2', { inside: 'countries' }),
    },
  }),

  // Operators and search indexes have no sidebar entry of their own: the settings home
  // (features/settings/components/settings-areas.ts) links to them.
  operators: listAndRecords(
    { sidebarGroup: 'settings' },
    ['operators', '/operators'],
    ['operator', 'uid'],
  ),

  search: defineArea({
    sidebarGroup: 'settings',
    screens: {
      searchIndexes: screen('search-indexes', '/search/indexes'),
    },
  }),
});

export type AreaName = keyof typeof areas;

/** The id of a console screen: the key of its loader (app/screen-loaders.ts). */
export type ScreenId = ScreenIdOf<typeof areas>;

/** Every declared screen, area by area, in declaration order. */
export function declaredScreens() {
  return screensOf(areas);
}
