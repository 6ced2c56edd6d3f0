import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { withRouteParams } from '@/lib/route-params';
import { RouteError } from './route-error';
import { Shell, ShellFallback } from './shell';

/** Route `lazy` for a screen: its code is a chunk of its own, fetched when first shown. */
function lazyScreen(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/**
 * The route table of spec §2. Lists and details are nested views: a detail renders in its
 * list's outlet (beside the list, or in its place on a narrow screen). Ids name the screens; src/config/paths.ts holds the same ids with the full URL
 * patterns and builds every link.
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
          {
            id: 'home',
            index: true,
            lazy: lazyScreen(() => import('@/features/home/routes/home').then((m) => m.HomeRoute)),
          },
          // CSV uploads, PDF uploads and fixes are whole pages of their own, not records beside
          // the list: siblings of the list with URLs under it. Their static segments outrank
          // the list's :mid / :iid child, so /members/upload is not member "upload".
          {
            id: 'members-fixes',
            path: 'members/fixes',
            lazy: lazyScreen(() =>
              import('@/features/members/routes/members-fixes').then((m) => m.MembersFixesRoute),
            ),
          },
          {
            id: 'members-upload',
            path: 'members/upload',
            lazy: lazyScreen(() =>
              import('@/features/members/routes/members-upload').then((m) => m.MembersUploadRoute),
            ),
          },
          {
            id: 'invoices-upload',
            path: 'invoices/upload',
            lazy: lazyScreen(() =>
              import('@/features/invoices/routes/invoices-upload').then(
                (m) => m.InvoicesUploadRoute,
              ),
            ),
          },
          {
            id: 'invoices-pdfs',
            path: 'invoices/pdfs',
            lazy: lazyScreen(() =>
              import('@/features/invoices/routes/invoices-pdfs').then((m) => m.InvoicesPdfsRoute),
            ),
          },
          {
            id: 'invoices-fixes',
            path: 'invoices/fixes',
            lazy: lazyScreen(() =>
              import('@/features/invoices/routes/invoices-fixes').then((m) => m.InvoicesFixesRoute),
            ),
          },
          {
            id: 'members',
            path: 'members',
            lazy: lazyScreen(() =>
              import('@/features/members/routes/members').then((m) => m.MembersRoute),
            ),
            children: [
              {
                id: 'member',
                path: ':mid',
                lazy: lazyScreen(() =>
                  import('@/features/members/routes/member').then((m) =>
                    withRouteParams(m.MemberRoute, ['mid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'certificates',
            path: 'certificates',
            lazy: lazyScreen(() =>
              import('@/features/certificates/routes/certificates').then(
                (m) => m.CertificatesRoute,
              ),
            ),
            children: [
              {
                id: 'certificate',
                path: ':cid',
                lazy: lazyScreen(() =>
                  import('@/features/certificates/routes/certificate').then((m) =>
                    withRouteParams(m.CertificateRoute, ['cid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'invoices',
            path: 'invoices',
            lazy: lazyScreen(() =>
              import('@/features/invoices/routes/invoices').then((m) => m.InvoicesRoute),
            ),
            children: [
              {
                id: 'invoice',
                path: ':iid',
                lazy: lazyScreen(() =>
                  import('@/features/invoices/routes/invoice').then((m) =>
                    withRouteParams(m.InvoiceRoute, ['iid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'applications',
            path: 'applications',
            lazy: lazyScreen(() =>
              import('@/features/applications/routes/applications').then(
                (m) => m.ApplicationsRoute,
              ),
            ),
            children: [
              {
                id: 'application',
                path: ':aid',
                lazy: lazyScreen(() =>
                  import('@/features/applications/routes/application').then((m) =>
                    withRouteParams(m.ApplicationRoute, ['aid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'stripe-invoices',
            path: 'stripe-invoices',
            lazy: lazyScreen(() =>
              import('@/features/payments/routes/payments').then((m) => m.PaymentsRoute),
            ),
            children: [
              {
                id: 'stripe-invoice',
                path: ':sid',
                lazy: lazyScreen(() =>
                  import('@/features/payments/routes/payment').then((m) =>
                    withRouteParams(m.PaymentRoute, ['sid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'users',
            path: 'users',
            lazy: lazyScreen(() =>
              import('@/features/users/routes/users').then((m) => m.UsersRoute),
            ),
            children: [
              {
                id: 'user',
                path: ':uid',
                lazy: lazyScreen(() =>
                  import('@/features/users/routes/user').then((m) =>
                    withRouteParams(m.UserRoute, ['uid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'operators',
            path: 'operators',
            lazy: lazyScreen(() =>
              import('@/features/operators/routes/operators').then((m) => m.OperatorsRoute),
            ),
            children: [
              {
                id: 'operator',
                path: ':uid',
                lazy: lazyScreen(() =>
                  import('@/features/operators/routes/operator').then((m) =>
                    withRouteParams(m.OperatorRoute, ['uid']),
                  ),
                ),
              },
            ],
          },
          {
            id: 'emails',
            path: 'emails',
            lazy: lazyScreen(() =>
              import('@/features/emails/routes/emails').then((m) => m.EmailsRoute),
            ),
            children: [
              {
                // Spec §2: the e-mail detail gets no props; it reads useParams() itself.
                id: 'email',
                path: ':eid',
                lazy: lazyScreen(() =>
                  import('@/features/emails/routes/email').then((m) => m.EmailRoute),
                ),
              },
            ],
          },
          {
            // Spec §2 declares countries as a child of settings with the absolute path
            // /countries. React Router rejects an absolute child path that does not start with
            // its parent's path, so this pathless layout renders the settings view around both
            // the /settings subtree and /countries: countries show inside settings while their
            // URL stays /countries.
            id: 'settings-layout',
            lazy: lazyScreen(() =>
              import('@/features/settings/routes/settings-layout').then(
                (m) => m.SettingsLayoutRoute,
              ),
            ),
            children: [
              {
                id: 'settings',
                path: 'settings',
                // The settings home, or the open section (bank accounts).
                lazy: lazyScreen(() =>
                  import('@/features/settings/routes/settings').then((m) => m.SettingsRoute),
                ),
                children: [
                  {
                    id: 'bank-accounts',
                    path: 'bank-accounts',
                    lazy: lazyScreen(() =>
                      import('@/features/settings/routes/bank-accounts').then(
                        (m) => m.BankAccountsRoute,
                      ),
                    ),
                    children: [
                      {
                        id: 'bank-account',
                        path: ':id',
                        lazy: lazyScreen(() =>
                          import('@/features/settings/routes/bank-account').then((m) =>
                            withRouteParams(m.BankAccountRoute, ['id']),
                          ),
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                id: 'countries',
                path: 'countries',
                lazy: lazyScreen(() =>
                  import('@/features/settings/routes/countries').then((m) => m.CountriesRoute),
                ),
                children: [
                  {
                    id: 'country',
                    path: ':iso2',
                    lazy: lazyScreen(() =>
                      import('@/features/settings/routes/country').then((m) =>
                        withRouteParams(m.CountryRoute, ['iso2']),
                      ),
                    ),
                  },
                ],
              },
            ],
          },
          {
            id: 'search-indexes',
            path: 'search/indexes',
            lazy: lazyScreen(() =>
              import('@/features/search/routes/search-indexes').then((m) => m.SearchIndexesRoute),
            ),
          },
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
