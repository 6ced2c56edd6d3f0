import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { declaredScreens } from '@/config/screens';
import { routes } from './router';
import { screenLoaders } from './screen-loaders';

/** The route ids from the root to the screen that renders `pathname`, and its parameters. */
function resolve(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1);
  return {
    chain: matches.map((match) => match.route.id),
    leaf: leaf?.route.id,
    params: leaf?.params ?? {},
  };
}

describe('route table (spec §2)', () => {
  it.each([
    ['/', 'home'],
    ['/members', 'members'],
    ['/members/fixes', 'members-fixes'],
    ['/members/upload', 'members-upload'],
    ['/members/m1', 'member'],
    ['/certificates', 'certificates'],
    ['/certificates/c1', 'certificate'],
    ['/invoices', 'invoices'],
    ['/invoices/upload', 'invoices-upload'],
    ['/invoices/pdfs', 'invoices-pdfs'],
    ['/invoices/fixes', 'invoices-fixes'],
    ['/invoices/i1', 'invoice'],
    ['/applications', 'applications'],
    ['/applications/a1', 'application'],
    ['/stripe-invoices', 'stripe-invoices'],
    ['/stripe-invoices/in_1', 'stripe-invoice'],
    ['/bank-statements', 'bank-statements'],
    ['/bank-statements/import', 'bank-statements-import'],
    ['/bank-statements/unmatched', 'bank-statements-unmatched'],
    ['/bank-statements/bs1', 'bank-statement'],
    ['/users', 'users'],
    ['/users/u1', 'user'],
    ['/operators', 'operators'],
    ['/operators/u1', 'operator'],
    ['/emails', 'emails'],
    ['/emails/e1', 'email'],
    ['/settings', 'settings'],
    ['/settings/bank-accounts', 'bank-accounts'],
    ['/settings/bank-accounts/b1', 'bank-account'],
    ['/countries', 'countries'],
    ['/countries/CH', 'country'],
    ['/search/indexes', 'search-indexes'],
  ])('%s renders the %s screen', (pathname, id) => {
    expect(resolve(pathname).leaf).toBe(id);
  });

  it('puts every screen inside the shell and its error boundary', () => {
    for (const pathname of ['/', '/members/m1', '/countries/CH', '/nope']) {
      expect(resolve(pathname).chain.slice(0, 2)).toEqual(['root', 'screens']);
    }
  });

  it('lets static children win over the :param sibling', () => {
    expect(resolve('/members/upload')).toMatchObject({ leaf: 'members-upload', params: {} });
    expect(resolve('/members/fixes').leaf).toBe('members-fixes');
    expect(resolve('/invoices/pdfs').leaf).toBe('invoices-pdfs');
    expect(resolve('/invoices/upload').leaf).toBe('invoices-upload');
    expect(resolve('/invoices/fixes').leaf).toBe('invoices-fixes');
    expect(resolve('/bank-statements/import').leaf).toBe('bank-statements-import');
    expect(resolve('/bank-statements/unmatched').leaf).toBe('bank-statements-unmatched');
  });

  it('shows uploads and fixes as pages of their own, not in the list beside it', () => {
    for (const [pathname, id] of [
      ['/members/upload', 'members-upload'],
      ['/members/fixes', 'members-fixes'],
      ['/invoices/upload', 'invoices-upload'],
      ['/invoices/pdfs', 'invoices-pdfs'],
      ['/invoices/fixes', 'invoices-fixes'],
      ['/bank-statements/import', 'bank-statements-import'],
      ['/bank-statements/unmatched', 'bank-statements-unmatched'],
    ] as const) {
      expect(resolve(pathname).chain).toEqual(['root', 'screens', id]);
    }
  });

  it('passes the id segment as the named parameter', () => {
    expect(resolve('/members/xyz')).toMatchObject({ leaf: 'member', params: { mid: 'xyz' } });
    expect(resolve('/invoices/2024-0042').params).toMatchObject({ iid: '2024-0042' });
    expect(resolve('/emails/e1').params).toMatchObject({ eid: 'e1' });
    expect(resolve('/settings/bank-accounts/b1').params).toMatchObject({ id: 'b1' });
    expect(resolve('/members/a%20b').params).toMatchObject({ mid: 'a b' });
  });

  it('nests each detail under its list', () => {
    expect(resolve('/members/m1').chain).toEqual(['root', 'screens', 'members', 'member']);
    expect(resolve('/stripe-invoices/in_1').chain).toContain('stripe-invoices');
    expect(resolve('/emails/e1').chain).toEqual(['root', 'screens', 'emails', 'email']);
  });

  it('renders /countries inside the settings view while its URL stays /countries', () => {
    expect(resolve('/countries/CH')).toMatchObject({
      chain: ['root', 'screens', 'settings-layout', 'countries', 'country'],
      params: { iso2: 'CH' },
    });
    expect(resolve('/settings/bank-accounts/b1').chain).toEqual([
      'root',
      'screens',
      'settings-layout',
      'settings',
      'bank-accounts',
      'bank-account',
    ]);
    // Countries live at the top level only, not under /settings.
    expect(resolve('/settings/countries').leaf).toBe('not-found');
  });

  it.each(['/nope/x', '/nope', '/members/m1/extra', '/search', '/settings/unknown'])(
    '%s shows the not-found screen inside the shell',
    (pathname) => {
      expect(resolve(pathname).leaf).toBe('not-found');
    },
  );

  it('holds every screen of the area registry, inside the screen it names', () => {
    const routeIds = new Map<string, string[]>();
    const collect = (list: typeof routes, chain: string[]) => {
      for (const route of list) {
        if (route.id) routeIds.set(route.id, [...chain, route.id]);
        if (route.children) collect(route.children, [...chain, route.id ?? '']);
      }
    };
    collect(routes, []);
    for (const screen of declaredScreens()) {
      const chain = routeIds.get(screen.id);
      expect(chain, screen.id).toBeDefined();
      if (screen.inside) expect(chain?.at(-2), screen.id).toBe(screen.inside);
      else expect(chain?.at(-2), screen.id).toBe('screens');
    }
  });

  it('loads every screen of the registry, and no other, from its own loader', () => {
    const declaredIds = declaredScreens().map((screen) => screen.id);
    expect(Object.keys(screenLoaders).sort()).toEqual([...declaredIds].sort());
  });

  it('has unique route ids', () => {
    const ids: string[] = [];
    const collect = (list: typeof routes) => {
      for (const route of list) {
        if (route.id) ids.push(route.id);
        if (route.children) collect(route.children);
      }
    };
    collect(routes);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('paths registry matches the route table', () => {
  /** A sample value for each parameter of a pattern (a new area's `:nid` needs no entry here). */
  const sampleParamsOf = (pattern: string) =>
    Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name = '']) => [name, `${name}1`]));

  it.each(Object.entries(paths))('%s links to the screen with its route id', (_name, path) => {
    const href = (path.getHref as (params?: Record<string, string>) => string)(
      sampleParamsOf(path.path),
    );
    expect(resolve(href).leaf).toBe(path.id);
  });
});
