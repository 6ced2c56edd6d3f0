import type { ComponentType } from 'react';
import type { ListScreenDefinition } from '@/components/data-list/list-screen';
import type { ScreenId } from '@/config/screens';
import { withRouteParams } from '@/lib/route-params';

/** A screen's code, loaded when the screen is first shown: a chunk of its own. */
export type LoadScreen = () => Promise<ComponentType>;

/**
 * The code of a screen that is nothing but its list (`Screen` + `ListWithDetail` + `DataList`),
 * from the module of its list definition, which names the screen (`screen: { title, description
 * }`): such an area has no route file for its list. The kit and the definition load with the
 * screen, never with the router (which every bundle reads, the sign-in screen's too).
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

/**
 * The code of every screen of the registry (config/screens.ts), by its id: each an `import()` of
 * the feature's route module, resolved to its component (wrapped for its route params if any).
 * Only the router reads this table, so the features and `paths` never reach a screen; keyed by
 * `ScreenId`, a screen without a loader or a loader without a screen does not compile.
 */
export const screenLoaders: Record<ScreenId, LoadScreen> = {
  home: () => import('@/features/home/routes/home').then((m) => m.HomeRoute),

  applications: () =>
    import('@/features/applications/routes/applications').then((m) => m.ApplicationsRoute),
  application: () =>
    import('@/features/applications/routes/application').then((m) =>
      withRouteParams(m.ApplicationRoute, ['aid']),
    ),

  members: () => import('@/features/members/routes/members').then((m) => m.MembersRoute),
  'members-fixes': () =>
    import('@/features/members/routes/members-fixes').then((m) => m.MembersFixesRoute),
  'members-upload': () =>
    import('@/features/members/routes/members-upload').then((m) => m.MembersUploadRoute),
  member: () =>
    import('@/features/members/routes/member').then((m) => withRouteParams(m.MemberRoute, ['mid'])),

  'change-requests': () =>
    import('@/features/change-requests/routes/change-requests').then((m) => m.ChangeRequestsRoute),
  'change-request': () =>
    import('@/features/change-requests/routes/change-request').then((m) =>
      withRouteParams(m.ChangeRequestRoute, ['id']),
    ),

  certificates: () =>
    import('@/features/certificates/routes/certificates').then((m) => m.CertificatesRoute),
  certificate: () =>
    import('@/features/certificates/routes/certificate').then((m) =>
      withRouteParams(m.CertificateRoute, ['cid']),
    ),

  invoices: () => import('@/features/invoices/routes/invoices').then((m) => m.InvoicesRoute),
  'invoices-upload': () =>
    import('@/features/invoices/routes/invoices-upload').then((m) => m.InvoicesUploadRoute),
  'invoices-pdfs': () =>
    import('@/features/invoices/routes/invoices-pdfs').then((m) => m.InvoicesPdfsRoute),
  'invoices-fixes': () =>
    import('@/features/invoices/routes/invoices-fixes').then((m) => m.InvoicesFixesRoute),
  invoice: () =>
    import('@/features/invoices/routes/invoice').then((m) =>
      withRouteParams(m.InvoiceRoute, ['iid']),
    ),

  'stripe-invoices': () =>
    import('@/features/payments/routes/payments').then((m) => m.PaymentsRoute),
  'stripe-invoice': () =>
    import('@/features/payments/routes/payment').then((m) =>
      withRouteParams(m.PaymentRoute, ['sid']),
    ),

  'bank-statements': () =>
    import('@/features/bank-statements/routes/bank-statements').then((m) => m.BankStatementsRoute),
  'bank-statements-import': () =>
    import('@/features/bank-statements/routes/bank-statements-import').then(
      (m) => m.BankStatementsImportRoute,
    ),
  'bank-statements-unmatched': () =>
    import('@/features/bank-statements/routes/bank-statements-unmatched').then(
      (m) => m.BankStatementsUnmatchedRoute,
    ),
  'bank-statement': () =>
    import('@/features/bank-statements/routes/bank-statement').then((m) =>
      withRouteParams(m.BankStatementRoute, ['bsid']),
    ),

  users: () => import('@/features/users/routes/users').then((m) => m.UsersRoute),
  user: () =>
    import('@/features/users/routes/user').then((m) => withRouteParams(m.UserRoute, ['uid'])),

  emails: () => import('@/features/emails/routes/emails').then((m) => m.EmailsRoute),
  // Spec §2: the e-mail detail gets no props; it reads useParams() itself.
  email: () => import('@/features/emails/routes/email').then((m) => m.EmailRoute),

  reports: () => import('@/features/reports/routes/reports').then((m) => m.ReportsRoute),
  report: () =>
    import('@/features/reports/routes/report').then((m) =>
      withRouteParams(m.ReportRoute, ['name']),
    ),

  activity: () => import('@/features/activity/routes/activity').then((m) => m.ActivityRoute),

  'settings-layout': () =>
    import('@/features/settings/routes/settings-layout').then((m) => m.SettingsLayoutRoute),
  settings: () => import('@/features/settings/routes/settings').then((m) => m.SettingsRoute),
  'payment-tolerances': () =>
    import('@/features/settings/routes/payment-tolerances').then((m) => m.PaymentTolerancesRoute),
  'membership-billing': () =>
    import('@/features/settings/routes/membership-billing').then((m) => m.MembershipBillingRoute),
  'member-portal-settings': () =>
    import('@/features/settings/routes/member-portal-settings').then(
      (m) => m.MemberPortalSettingsRoute,
    ),
  'dunning-settings': () =>
    import('@/features/settings/routes/dunning-settings').then((m) => m.DunningSettingsRoute),
  'email-templates': () =>
    import('@/features/email-templates/routes/email-templates').then((m) => m.EmailTemplatesRoute),
  'exchange-rates': () =>
    import('@/features/exchange-rates/routes/exchange-rates').then((m) => m.ExchangeRatesRoute),
  jobs: () => import('@/features/jobs/routes/jobs').then((m) => m.JobsRoute),
  backups: () => import('@/features/backups/routes/backups').then((m) => m.BackupsRoute),
  'bank-accounts': () =>
    import('@/features/settings/routes/bank-accounts').then((m) => m.BankAccountsRoute),
  'bank-account': () =>
    import('@/features/settings/routes/bank-account').then((m) =>
      withRouteParams(m.BankAccountRoute, ['id']),
    ),
  countries: () => import('@/features/settings/routes/countries').then((m) => m.CountriesRoute),
  country: () =>
    import('@/features/settings/routes/country').then((m) =>
      withRouteParams(m.CountryRoute, ['iso2']),
    ),

  operators: () => import('@/features/operators/routes/operators').then((m) => m.OperatorsRoute),
  operator: () =>
    import('@/features/operators/routes/operator').then((m) =>
      withRouteParams(m.OperatorRoute, ['uid']),
    ),

  'search-indexes': () =>
    import('@/features/search/routes/search-indexes').then((m) => m.SearchIndexesRoute),
};
