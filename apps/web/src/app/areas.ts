import type { ComponentType } from 'react';
import type { ListScreenDefinition } from '@/components/data-list/list-screen';
import { withRouteParams } from '@/lib/route-params';

/** A screen's code, loaded when the screen is first shown: a chunk of its own. */
export type LoadScreen = () => Promise<ComponentType>;

/** One screen of the console: a route of the table in router.tsx and, with a path, a link target. */
export type ScreenDeclaration<Pattern extends string | undefined = string | undefined> = {
  /** The route's `id`: tests and the error boundary name the screen by it. */
  id: string;
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
  load: LoadScreen;
};

export type SidebarDeclaration = {
  /** The entry's words; it links to the area's first screen that has a path. */
  label: string;
  /** `g` then this letter goes to the area (issue 19); unique, `area-shortcuts.test.ts`. */
  shortcut?: string;
};

export type AreaDeclaration = {
  /** Its own sidebar entry, in the order of `areas`. */
  sidebar?: SidebarDeclaration;
  /**
   * For an area without an entry: the area whose entry is current on its screens (operators and
   * search indexes are reached from the settings home, so Settings is highlighted there).
   */
  sidebarGroup?: string;
  /** The area's screens, by the name `paths` gives them (`paths.member.getHref({ mid })`). */
  screens: Record<string, ScreenDeclaration>;
};

/** A screen at `path`; `load` resolves to its component, wrapped for its route params if any. */
function screen<const Pattern extends string | undefined>(
  id: string,
  path: Pattern,
  load: LoadScreen,
  options: { inside?: string } = {},
): ScreenDeclaration<Pattern> {
  return { id, path, load, ...options };
}

/**
 * The code of a screen that is nothing but its list (`Screen` + `ListWithDetail` + `DataList`),
 * from the module of its list definition, which names the screen (`screen: { title, description
 * }`): such an area has no route file for its list. The kit and the definition load with the
 * screen, never with this registry (which every bundle reads, the sign-in screen's too).
 */
export function listScreen(loadDefinition: () => Promise<ListScreenDefinition>): LoadScreen {
  return async () => {
    const [{ listScreenOf }, definition] = await Promise.all([
      import('@/components/data-list/list-screen'),
      loadDefinition(),
    ]);
    return listScreenOf(definition);
  };
}

/** Keeps the literal types of an area's screens (their patterns type `paths`). */
function defineArea<const Screens extends Record<string, ScreenDeclaration>>(
  area: Omit<AreaDeclaration, 'screens'> & { screens: Screens },
) {
  return area;
}

/**
 * Every area of the console (spec §2), in the order of the sidebar. The route table
 * (router.tsx), the link registry (`paths`, config/paths.ts) and the sidebar (and with it the
 * phone's menu) are generated from it; screens.test.tsx renders every screen declared here. A new
 * area is one entry: its screens, with their URL patterns and lazy modules, and its sidebar entry.
 *
 * Lists and details are nested views: a detail renders in its list's outlet (beside the list,
 * or in its place on a narrow screen).
 */
export const areas = {
  home: defineArea({
    sidebar: { label: 'Ops', shortcut: 'h' },
    screens: {
      home: screen('home', '/', () =>
        import('@/features/home/routes/home').then((m) => m.HomeRoute),
      ),
    },
  }),

  applications: defineArea({
    sidebar: { label: 'Applications', shortcut: 'a' },
    screens: {
      applications: screen('applications', '/applications', () =>
        import('@/features/applications/routes/applications').then((m) => m.ApplicationsRoute),
      ),
      application: screen(
        'application',
        '/applications/:aid',
        () =>
          import('@/features/applications/routes/application').then((m) =>
            withRouteParams(m.ApplicationRoute, ['aid']),
          ),
        { inside: 'applications' },
      ),
    },
  }),

  // CSV uploads, PDF uploads and fixes are whole pages of their own, not records beside the
  // list: siblings of the list with URLs under it. Their static segments outrank the list's
  // :mid / :iid child, so /members/upload is not member "upload".
  members: defineArea({
    sidebar: { label: 'Members', shortcut: 'm' },
    screens: {
      members: screen('members', '/members', () =>
        import('@/features/members/routes/members').then((m) => m.MembersRoute),
      ),
      membersFixes: screen('members-fixes', '/members/fixes', () =>
        import('@/features/members/routes/members-fixes').then((m) => m.MembersFixesRoute),
      ),
      membersUpload: screen('members-upload', '/members/upload', () =>
        import('@/features/members/routes/members-upload').then((m) => m.MembersUploadRoute),
      ),
      member: screen(
        'member',
        '/members/:mid',
        () =>
          import('@/features/members/routes/member').then((m) =>
            withRouteParams(m.MemberRoute, ['mid']),
          ),
        { inside: 'members' },
      ),
    },
  }),

  certificates: defineArea({
    sidebar: { label: 'Certificates', shortcut: 'c' },
    screens: {
      certificates: screen('certificates', '/certificates', () =>
        import('@/features/certificates/routes/certificates').then((m) => m.CertificatesRoute),
      ),
      certificate: screen(
        'certificate',
        '/certificates/:cid',
        () =>
          import('@/features/certificates/routes/certificate').then((m) =>
            withRouteParams(m.CertificateRoute, ['cid']),
          ),
        { inside: 'certificates' },
      ),
    },
  }),

  invoices: defineArea({
    sidebar: { label: 'Invoices', shortcut: 'i' },
    screens: {
      invoices: screen('invoices', '/invoices', () =>
        import('@/features/invoices/routes/invoices').then((m) => m.InvoicesRoute),
      ),
      invoicesUpload: screen('invoices-upload', '/invoices/upload', () =>
        import('@/features/invoices/routes/invoices-upload').then((m) => m.InvoicesUploadRoute),
      ),
      invoicesPdfs: screen('invoices-pdfs', '/invoices/pdfs', () =>
        import('@/features/invoices/routes/invoices-pdfs').then((m) => m.InvoicesPdfsRoute),
      ),
      invoicesFixes: screen('invoices-fixes', '/invoices/fixes', () =>
        import('@/features/invoices/routes/invoices-fixes').then((m) => m.InvoicesFixesRoute),
      ),
      invoice: screen(
        'invoice',
        '/invoices/:iid',
        () =>
          import('@/features/invoices/routes/invoice').then((m) =>
            withRouteParams(m.InvoiceRoute, ['iid']),
          ),
        { inside: 'invoices' },
      ),
    },
  }),

  // The spec's named route is stripe-invoices (`paths.stripeInvoices`); the sidebar says Payments.
  payments: defineArea({
    sidebar: { label: 'Payments', shortcut: 'p' },
    screens: {
      stripeInvoices: screen('stripe-invoices', '/stripe-invoices', () =>
        import('@/features/payments/routes/payments').then((m) => m.PaymentsRoute),
      ),
      stripeInvoice: screen(
        'stripe-invoice',
        '/stripe-invoices/:sid',
        () =>
          import('@/features/payments/routes/payment').then((m) =>
            withRouteParams(m.PaymentRoute, ['sid']),
          ),
        { inside: 'stripe-invoices' },
      ),
    },
  }),

  // Issue 16: imported bank statements (camt.053/054), their entries and the Unmatched payments
  // queue. The import and the queue are pages beside the list; their static segments outrank
  // the statement's :bsid.
  bankStatements: defineArea({
    sidebar: { label: 'Bank statements', shortcut: 'b' },
    screens: {
      bankStatements: screen('bank-statements', '/bank-statements', () =>
        import('@/features/bank-statements/routes/bank-statements').then(
          (m) => m.BankStatementsRoute,
        ),
      ),
      bankStatementsImport: screen('bank-statements-import', '/bank-statements/import', () =>
        import('@/features/bank-statements/routes/bank-statements-import').then(
          (m) => m.BankStatementsImportRoute,
        ),
      ),
      bankStatementsUnmatched: screen(
        'bank-statements-unmatched',
        '/bank-statements/unmatched',
        () =>
          import('@/features/bank-statements/routes/bank-statements-unmatched').then(
            (m) => m.BankStatementsUnmatchedRoute,
          ),
      ),
      bankStatement: screen(
        'bank-statement',
        '/bank-statements/:bsid',
        () =>
          import('@/features/bank-statements/routes/bank-statement').then((m) =>
            withRouteParams(m.BankStatementRoute, ['bsid']),
          ),
        { inside: 'bank-statements' },
      ),
    },
  }),

  users: defineArea({
    sidebar: { label: 'Users', shortcut: 'u' },
    screens: {
      users: screen('users', '/users', () =>
        import('@/features/users/routes/users').then((m) => m.UsersRoute),
      ),
      user: screen(
        'user',
        '/users/:uid',
        () =>
          import('@/features/users/routes/user').then((m) => withRouteParams(m.UserRoute, ['uid'])),
        { inside: 'users' },
      ),
    },
  }),

  emails: defineArea({
    sidebar: { label: 'E-mails', shortcut: 'e' },
    screens: {
      emails: screen('emails', '/emails', () =>
        import('@/features/emails/routes/emails').then((m) => m.EmailsRoute),
      ),
      // Spec §2: the e-mail detail gets no props; it reads useParams() itself.
      email: screen(
        'email',
        '/emails/:eid',
        () => import('@/features/emails/routes/email').then((m) => m.EmailRoute),
        { inside: 'emails' },
      ),
    },
  }),

  // Issue 18: the reports (charts with their tables, drill-down, CSV/XLSX, print). Each report
  // is a page of its own, not a record beside the index.
  reports: defineArea({
    sidebar: { label: 'Reports', shortcut: 'r' },
    screens: {
      reports: screen('reports', '/reports', () =>
        import('@/features/reports/routes/reports').then((m) => m.ReportsRoute),
      ),
      report: screen('report', '/reports/:name', () =>
        import('@/features/reports/routes/report').then((m) =>
          withRouteParams(m.ReportRoute, ['name']),
        ),
      ),
    },
  }),

  // Issue 18: the activity log, every audit entry in one list; a row opens its record.
  activity: defineArea({
    sidebar: { label: 'Activity', shortcut: 'l' },
    screens: {
      activity: screen('activity', '/activity', () =>
        import('@/features/activity/routes/activity').then((m) => m.ActivityRoute),
      ),
    },
  }),

  // Spec §2 declares countries as a child of settings with the absolute path /countries. React
  // Router rejects an absolute child path that does not start with its parent's path, so a
  // pathless layout renders the settings view around both the /settings subtree and /countries:
  // countries show inside settings while their URL stays /countries.
  settings: defineArea({
    sidebar: { label: 'Settings', shortcut: 's' },
    screens: {
      settingsLayout: screen('settings-layout', undefined, () =>
        import('@/features/settings/routes/settings-layout').then((m) => m.SettingsLayoutRoute),
      ),
      // The settings home, or the open section (bank accounts).
      settings: screen(
        'settings',
        '/settings',
        () => import('@/features/settings/routes/settings').then((m) => m.SettingsRoute),
        { inside: 'settings-layout' },
      ),
      paymentTolerances: screen(
        'payment-tolerances',
        '/settings/payment-tolerances',
        () =>
          import('@/features/settings/routes/payment-tolerances').then(
            (m) => m.PaymentTolerancesRoute,
          ),
        { inside: 'settings' },
      ),
      // Issue 32: the first-year rule of approvals.
      membershipBilling: screen(
        'membership-billing',
        '/settings/membership-billing',
        () =>
          import('@/features/settings/routes/membership-billing').then(
            (m) => m.MembershipBillingRoute,
          ),
        { inside: 'settings' },
      ),
      // Issue 17: the dunning levels, minimum amounts and recent-payment days.
      dunningSettings: screen(
        'dunning-settings',
        '/settings/dunning',
        () =>
          import('@/features/settings/routes/dunning-settings').then((m) => m.DunningSettingsRoute),
        { inside: 'settings' },
      ),
      // Issue 17: the e-mail templates in four languages (editor, live preview, history).
      emailTemplates: screen(
        'email-templates',
        '/settings/email-templates',
        () =>
          import('@/features/email-templates/routes/email-templates').then(
            (m) => m.EmailTemplatesRoute,
          ),
        { inside: 'settings' },
      ),
      // Issue 18: the monthly exchange rates of the reports' CHF equivalents.
      exchangeRates: screen(
        'exchange-rates',
        '/settings/exchange-rates',
        () =>
          import('@/features/exchange-rates/routes/exchange-rates').then(
            (m) => m.ExchangeRatesRoute,
          ),
        { inside: 'settings' },
      ),
      // Issue 17: scheduled and background jobs (schedules, running jobs, the last runs).
      jobs: screen(
        'jobs',
        '/settings/jobs',
        () => import('@/features/jobs/routes/jobs').then((m) => m.JobsRoute),
        { inside: 'settings' },
      ),
      // Issue 20: the nightly backup's retention and the backups it made.
      backups: screen(
        'backups',
        '/settings/backups',
        () => import('@/features/backups/routes/backups').then((m) => m.BackupsRoute),
        { inside: 'settings' },
      ),
      bankAccounts: screen(
        'bank-accounts',
        '/settings/bank-accounts',
        () => import('@/features/settings/routes/bank-accounts').then((m) => m.BankAccountsRoute),
        { inside: 'settings' },
      ),
      bankAccount: screen(
        'bank-account',
        '/settings/bank-accounts/:id',
        () =>
          import('@/features/settings/routes/bank-account').then((m) =>
            withRouteParams(m.BankAccountRoute, ['id']),
          ),
        { inside: 'bank-accounts' },
      ),
      countries: screen(
        'countries',
        '/countries',
        () => import('@/features/settings/routes/countries').then((m) => m.CountriesRoute),
        { inside: 'settings-layout' },
      ),
      country: screen(
        'country',
        '/countries/:iso2',
        () =>
          import('@/features/settings/routes/country').then((m) =>
            withRouteParams(m.CountryRoute, ['iso2']),
          ),
        { inside: 'countries' },
      ),
    },
  }),

  // Operators and search indexes have no sidebar entry of their own: the settings home
  // (features/settings/components/settings-areas.ts) links to them.
  operators: defineArea({
    sidebarGroup: 'settings',
    screens: {
      operators: screen('operators', '/operators', () =>
        import('@/features/operators/routes/operators').then((m) => m.OperatorsRoute),
      ),
      operator: screen(
        'operator',
        '/operators/:uid',
        () =>
          import('@/features/operators/routes/operator').then((m) =>
            withRouteParams(m.OperatorRoute, ['uid']),
          ),
        { inside: 'operators' },
      ),
    },
  }),

  search: defineArea({
    sidebarGroup: 'settings',
    screens: {
      searchIndexes: screen('search-indexes', '/search/indexes', () =>
        import('@/features/search/routes/search-indexes').then((m) => m.SearchIndexesRoute),
      ),
    },
  }),
} satisfies Record<string, AreaDeclaration>;

export type AreaName = keyof typeof areas;

/** Every declared screen, area by area, in declaration order. */
export function declaredScreens(): ScreenDeclaration[] {
  return Object.values(areas).flatMap((area): ScreenDeclaration[] => Object.values(area.screens));
}
