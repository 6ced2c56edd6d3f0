import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

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

/** Loads the lazy screens of `pathname` and renders the whole app there, as static HTML. */
async function render(pathname: string, routeTable: RouteObject[] = routes) {
  const router = createMemoryRouter(routeTable, { initialEntries: [pathname] });
  await whenLoaded(router);
  const html = renderToString(<RouterProvider router={router} />);
  router.dispose();
  const headings = [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map(
    ([, level, inner = '']) => `h${level} ${inner.replace(/<[^>]+>/g, '')}`,
  );
  return { html, headings };
}

describe('screens rendered through the route table', () => {
  it('shows the shell with the nine sidebar entries in the spec order', async () => {
    const { html } = await render('/');
    const nav = /<nav aria-label="Main".*?<\/nav>/s.exec(html)?.[0] ?? '';
    const labels = [...nav.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map(([, label]) => label);
    expect(labels).toEqual([
      'Ops',
      'Applications',
      'Members',
      'Certificates',
      'Invoices',
      'Payments',
      'Users',
      'Emails',
      'Settings',
    ]);
    expect(nav).toMatch(/<a aria-current="page"[^>]*href="\/"/);
  });

  it('renders a member beside the members list, with the id passed as a prop', async () => {
    const { html, headings } = await render('/members/xyz');
    expect(headings).toEqual(['h1 Operations', 'h2 Members', 'h3 Member']);
    expect(html).toContain(
      '<code class="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">xyz</code>',
    );
  });

  it('renders the upload screen, not a member called "upload"', async () => {
    const { headings } = await render('/members/upload');
    expect(headings).toEqual(['h1 Operations', 'h2 Members', 'h3 Members CSV upload']);
  });

  it('renders the e-mail detail, which reads its id from the route itself', async () => {
    const { html, headings } = await render('/emails/e-42');
    expect(headings).toEqual(['h1 Operations', 'h2 Emails', 'h3 Email']);
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
    expect(headings).toEqual(['h1 Operations', 'h2 Payments', 'h3 Payment']);
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
    // The table with one more screen under the shell's error boundary ('screens').
    const [shell] = routes;
    const screens = shell?.children?.[0];
    if (!shell || !screens) throw new Error('The route table has no shell/screens routes.');
    const withFailingScreen: RouteObject[] = [
      { ...shell, children: [{ ...screens, children: [failing, ...(screens.children ?? [])] }] },
    ] as RouteObject[];
    const { html, headings } = await render('/failing', withFailingScreen);
    expect(headings).toEqual(['h1 Operations', 'h2 An error occured']);
    expect(html).toContain('The database is unreachable.');
    expect(html).toContain('role="alert"');
  });
});
