import type { TAuthUser, TOperatorRecord } from '@ops/contract';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, generatePath, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authQueryKeys } from '@/features/auth/api/query-keys';
import type { DataListScreenDefinition } from '@/components/data-list';
import { areas, declaredScreens } from '@/config/screens';
import { sidebarEntriesOf } from './components/sidebar';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';
import { listScreen } from './screen-loaders';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

function whenLoaded(router: MemoryRouter): Promise<void> {
  return new Promise((resolve) => {
    const isLoaded = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (isLoaded()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!isLoaded()) return;
      unsubscribe();
      resolve();
    });
  });
}

const ada: TAuthUser = {
  uid: 'u-ada',
  email: 'ada@example.org',
  displayName: 'Ada Lovelace',
  photoURL: null,
  preferredLanguage: 'en',
};

const adaOperator: TOperatorRecord = {
  uid: 'u-ada',
  roles: ['admin'],
  active: true,
  updatedAt: '2026-11-22T10:00:00.000Z',
};

/**
 * Who is there, as the gate learns it from the API: `user` undefined = /me not answered yet;
 * `operator` undefined = the operator stream not answered yet.
 */
type Session = { user?: TAuthUser | null; operator?: TOperatorRecord | null };

/** A query client holding what the API and the operator stream would have answered. */
function clientWith({ user, operator }: Session): QueryClient {
  const client = createQueryClient();
  client.setQueryData(authQueryKeys.signInOnLoad, { user: null, error: null });
  if (user !== undefined) client.setQueryData(authQueryKeys.me, user);
  if (user && operator !== undefined)
    client.setQueryData(authQueryKeys.operator(user.uid), operator);
  return client;
}

const operatorSession: Session = { user: ada, operator: adaOperator };

/** Loads the lazy screens of `pathname` and renders the whole app there, as static HTML. */
async function render(
  pathname: string,
  routeTable: RouteObject[] = routes,
  session: Session = operatorSession,
) {
  const router = createMemoryRouter(routeTable, { initialEntries: [pathname] });
  await whenLoaded(router);
  const html = renderToString(
    <AppProvider queryClient={clientWith(session)}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  router.dispose();
  const headings = [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map(
    ([, level, inner = '']) => `h${level} ${inner.replace(/<[^>]+>/g, '')}`,
  );
  return { html, headings };
}

/** The route table with one more screen under the shell's error boundary ('screens'). */
function routesWith(screen: RouteObject): RouteObject[] {
  const [shell] = routes;
  const screens = shell?.children?.[0];
  if (!shell || !screens) throw new Error('The route table has no shell/screens routes.');
  return [
    { ...shell, children: [{ ...screens, children: [screen, ...(screens.children ?? [])] }] },
  ] as RouteObject[];
}

describe('screens rendered through the route table', () => {
  it('shows the shell with the sidebar entries of the area registry, in its order', async () => {
    const { html } = await render('/');
    const nav = /<nav aria-label="Main".*?<\/nav>/s.exec(html)?.[0] ?? '';
    const labels = [...nav.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map(([, label]) => label);
    // The entries themselves (spec §2: nine, in the spec's order) are pinned in sidebar.test.ts.
    expect(labels).toEqual(sidebarEntriesOf(areas).map((entry) => entry.label));
    expect(nav).toMatch(/<a aria-current="page"[^>]*href="\/"/);
  });

  it('renders a member beside the members list, with the id passed as a prop', async () => {
    const { html, headings } = await render('/members/xyz');
    expect(headings).toEqual(['h1 Operations', 'h2 Members', 'h3 Member']);
    expect(html).toContain(
      '<code class="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">xyz</code>',
    );
  });

  it('renders the upload screen as a page of its own, not a member called "upload"', async () => {
    const { html, headings } = await render('/members/upload');
    expect(headings).toEqual(['h1 Operations', 'h2 Members CSV upload']);
    expect(html).toMatch(/<a [^>]*href="\/members"[^>]*>.*?Back to members<\/a>/s);
  });

  it('renders the invoice fixes as a page of its own, without the invoices list', async () => {
    const { headings } = await render('/invoices/fixes');
    expect(headings).toEqual(['h1 Operations', 'h2 Invoice fixes']);
  });

  it('gives a record opened from its list a Close and a Back to the list, keeping its view', async () => {
    const { html } = await render('/certificates/c1?status=valid&tab=history');
    expect(html).toMatch(/<a [^>]*href="\/certificates\?status=valid"[^>]*>Close<\/a>/);
    expect(html).toMatch(/href="\/certificates\?status=valid"[^>]*>.*?Back to certificates<\/a>/s);
  });

  it('renders the settings home at /settings, listing every settings area as a link', async () => {
    const { html, headings } = await render('/settings');
    expect(headings).toEqual(['h1 Operations', 'h2 Settings']);
    const list = /<ul aria-label="Settings areas".*?<\/ul>/s.exec(html)?.[0] ?? '';
    const links = [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*><span[^>]*>([^<]+)<\/span>/g)].map(
      ([, href, label]) => `${label} ${href}`,
    );
    expect(links).toEqual([
      'Bank accounts /settings/bank-accounts',
      'Countries /countries',
      // Issue 16 adds the payment tolerances to the settings.
      'Payment tolerances /settings/payment-tolerances',
      'Membership billing /settings/membership-billing',
      // Issue 35: the fields members change in the portal without review.
      'Member portal /settings/member-portal',
      // Issue 17: the dunning levels.
      'Dunning /settings/dunning',
      // Issue 18: the exchange rates of the CHF equivalents.
      'Exchange rates /settings/exchange-rates',
      // Issue 17: the scheduled jobs.
      'Jobs /settings/jobs',
      // Issue 20: the nightly backups.
      'Backups /settings/backups',
      // Issue 17: the e-mail templates.
      'E-mail templates /settings/email-templates',
      'Operators /operators',
      'Search indexes /search/indexes',
    ]);
  });

  it('renders the e-mail detail, which reads its id from the route itself', async () => {
    const { html, headings } = await render('/emails/e-42');
    expect(headings).toEqual(['h1 Operations', 'h2 E-mails', 'h3 E-mail']);
    expect(html).toContain('>e-42</code>');
  });

  it('renders /countries/CH inside the settings view', async () => {
    const { html, headings } = await render('/countries/CH');
    expect(headings).toEqual(['h1 Operations', 'h2 Settings', 'h3 Countries', 'h4 Country']);
    expect(html).toContain('>CH</code>');
  });

  it('renders a bank account inside bank accounts inside settings', async () => {
    const { headings } = await render('/settings/bank-accounts/b1');
    expect(headings).toEqual([
      'h1 Operations',
      'h2 Settings',
      'h3 Bank accounts',
      'h4 Bank account',
    ]);
  });

  it('renders Payments for /stripe-invoices', async () => {
    const { headings } = await render('/stripe-invoices/in_1');
    expect(headings).toEqual(['h1 Operations', 'h2 Payments', 'h3 Card payment']);
  });

  it('shows the not-found screen inside the shell', async () => {
    const { html, headings } = await render('/nope/x');
    expect(headings).toEqual(['h1 Operations', 'h2 Page not found']);
    expect(html).toContain('/nope/x');
  });

  it('shows a failing screen as the "An error occured" card inside the shell', async () => {
    const failing: RouteObject = {
      id: 'failing',
      path: 'failing',
      loader: () => {
        throw new Error('The database is unreachable.');
      },
      Component: () => null,
    };
    const { html, headings } = await render('/failing', routesWith(failing));
    expect(headings).toEqual(['h1 Operations', 'h2 An error occured']);
    expect(html).toContain('The database is unreachable.');
    expect(html).toContain('role="alert"');
  });

  it('renders a list screen declared from its list definition alone (listScreen)', async () => {
    const definition: DataListScreenDefinition<{ id: string }> = {
      name: 'samples',
      noun: { one: 'sample', many: 'samples' },
      screen: { title: 'Samples', description: 'A list with nothing around it.' },
      apiPath: '/api/samples',
      liveTables: [],
      rowKey: (row) => row.id,
      rowHref: (row) => `/samples/${row.id}`,
      defaultSort: 'id',
      columns: [{ id: 'id', label: 'Id', width: '8rem', isPrimary: true, render: (row) => row.id }],
    };
    const load = listScreen(() => Promise.resolve(definition));
    const samples: RouteObject = {
      id: 'samples',
      path: 'samples',
      lazy: async () => ({ Component: await load() }),
    };
    const { html, headings } = await render('/samples', routesWith(samples));
    expect(headings).toEqual(['h1 Operations', 'h2 Samples']);
    expect(html).toContain('A list with nothing around it.');
    expect(html).toContain('Loading samples…');
  });
});

/** Every screen with a URL, at that URL (each parameter a sample id). */
const screensAtSampleUrls = declaredScreens().flatMap(({ id, path }) => {
  if (path === undefined) return [];
  const params = Object.fromEntries(
    [...path.matchAll(/:(\w+)/g)].map(([, name = '']) => [name, `sample-${name}`]),
  );
  return [[id, generatePath(path, params)] as const];
});

describe('every screen of the area registry', () => {
  it.each(screensAtSampleUrls)('renders %s inside the shell at %s', async (_id, href) => {
    const { html, headings } = await render(href);
    expect(headings[0]).toBe('h1 Operations');
    expect(html).toContain('aria-label="Main"');
    expect(headings).not.toContain('h2 Page not found');
    expect(headings).not.toContain('h2 An error occured');
  });
});

describe('the gate around the shell (spec §1, §6)', () => {
  it('shows the console with the signed-in operator in the sidebar footer', async () => {
    const { html } = await render('/members');
    const footer = /<section aria-label="Signed-in user".*?<\/section>/s.exec(html)?.[0] ?? '';
    expect(footer).toContain('Ada Lovelace');
    expect(footer).toContain('ada@example.org');
    expect(footer).toMatch(/<a [^>]*href="\/users\/u-ada"[^>]*>View profile<\/a>/);
    expect(footer).toContain('>Operator</p>');
    expect(footer).toMatch(/<button[^>]*>Sign out<\/button>/);
    expect(footer).toContain('>AL</span>');
  });

  it('shows the e-mail once in the footer of a user without a display name', async () => {
    const { html } = await render('/', routes, {
      user: { ...ada, displayName: null },
      operator: adaOperator,
    });
    const footer = /<section aria-label="Signed-in user".*?<\/section>/s.exec(html)?.[0] ?? '';
    expect(footer.match(/>ada@example\.org</g)).toHaveLength(1);
    expect(footer).toContain('>A</span>');
  });

  it('shows the sign-in screen in place when nobody is signed in', async () => {
    const { html, headings } = await render('/members/xyz', routes, { user: null });
    expect(headings).toEqual(['h1 Operations']);
    expect(html).toMatch(/<label [^>]*>Your email address<\/label>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*required=""/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Continue<\/button>/);
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain('Member');
  });

  it('shows only the not-an-operator message and sign-out to a signed-in non-operator', async () => {
    const { html, headings } = await render('/', routes, { user: ada, operator: null });
    expect(headings).toEqual(['h1 ada@example.org is not an operator.']);
    expect(html).toMatch(/<button[^>]*>Sign out<\/button>/);
    expect(html).not.toContain('aria-label="Main"');
  });

  it.each<[string, Session]>([
    ['the user is not known yet', {}],
    ['the operator status is not known yet', { user: ada }],
  ])('shows the progress bar while %s', async (_case, session) => {
    const { html, headings } = await render('/', routes, session);
    expect(html).toContain('role="progressbar"');
    expect(headings).toEqual([]);
    expect(html).not.toContain('not an operator');
  });

  it('opens the password-reset form from a mode=resetPassword link', async () => {
    const { html } = await render('/?mode=resetPassword&oobCode=R1', routes, { user: null });
    // The code is being checked (the API would answer with the account's e-mail).
    expect(html).toContain('Checking your password-reset link');
  });
});
