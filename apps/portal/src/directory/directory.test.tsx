import { directoryCategories, type TDirectoryListing } from '@ops/contract/directory';
import { regions } from '@ops/contract/enumerations';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileMessages } from '../i18n/compiled-messages';
import { directoryPageMessages } from '../i18n/directory-messages';
import { en } from '../i18n/messages/en';
import { fr } from '../i18n/messages/fr';
import { directoryCategoryValues, regionValues } from './labels';
import { keyOf, paramsOf, searchOf } from './query';
import { DirectoryResults } from './results';
import { SearchForm } from './search-form';
import { firstPage, nextPage, type SearchResults } from './search';

const render = (language: 'en' | 'fr', node: ReactNode) =>
  renderToString(
    <IntlProvider
      locale={language}
      messages={compileMessages(
        language === 'en'
          ? { ...en, ...directoryPageMessages.en }
          : { ...fr, ...directoryPageMessages.fr },
      )}
      defaultLocale="en"
    >
      {node}
    </IntlProvider>,
  ).replaceAll('<!-- -->', '');

const listing = (number: string, name: string, more: Partial<TDirectoryListing> = {}) => ({
  number,
  name,
  city: null,
  countryIso2: null,
  countryName: null,
  website: null,
  phone: null,
  services: [],
  verificationUrl: null,
  ...more,
});

const hanseatic: TDirectoryListing = listing('M-000042', 'Hanseatic Spedition GmbH', {
  city: 'Hamburg',
  countryIso2: 'DE',
  countryName: 'Germany',
  website: 'https://hanseatic.example/',
  phone: '+49 40 123 45 67',
  services: ['road-freight', 'customs-brokerage'],
  verificationUrl: 'https://ops.example/verify/ABCD-1234',
});
const andes = listing('M-000007', 'Andes Cargo SA', { countryIso2: 'CL', countryName: 'Chile' });
const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => listing(`M-${from + i}`, `Zephyr Freight ${from + i}`));

/** `fetch` answering the directory's calls in turn, each call's address kept. */
function answers(...responses: (() => Response)[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const next = responses.shift();
      return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  return urls;
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the directory’s search in the address', () => {
  it('reads what the server takes, and leaves out what it would refuse', () => {
    const params = new URLSearchParams(
      'q=++hanseatik+&country=de&region=europe&category=association&cursor=x&other=1',
    );
    expect(searchOf(params)).toEqual({
      q: 'hanseatik',
      country: 'DE',
      region: 'europe',
      category: 'association',
    });
    expect(searchOf(new URLSearchParams('country=Germany&region=mars&category=honorary'))).toEqual(
      {},
    );
    expect(searchOf(new URLSearchParams(`q=${'x'.repeat(120)}`)).q).toHaveLength(100);
  });

  it('writes it in one order, without the empty ones: a shared search is the same search', () => {
    expect(paramsOf({ category: 'group', q: 'cargo', country: 'CL' }).toString()).toBe(
      'q=cargo&country=CL&category=group',
    );
    expect(keyOf({ q: ' ', region: 'americas' })).toBe('region=americas');
    expect(keyOf(searchOf(new URLSearchParams('region=americas&q=')))).toBe('region=americas');
  });

  it('offers the contract’s regions and categories', () => {
    expect(regionValues).toEqual([...regions]);
    expect(directoryCategoryValues).toEqual([...directoryCategories]);
  });
});

describe('searching the directory', () => {
  it('asks for the first page of the search, then adds the next ones under it', async () => {
    const urls = answers(
      json(200, { items: page(1, 20), nextCursor: 'eyJuYW1lIjoiWiJ9' }),
      json(200, { items: page(21, 5), nextCursor: null }),
    );
    const first = await firstPage({ q: 'zephyr', country: 'GB' }, 'q=zephyr&country=GB#1');
    expect(first).toMatchObject({ key: 'q=zephyr&country=GB#1', problem: null });
    expect(first.items).toHaveLength(20);
    const more = await nextPage({ q: 'zephyr', country: 'GB' }, first);
    expect(more.items.map((item) => item.name)).toEqual([
      ...first.items.map((item) => item.name),
      ...page(21, 5).map((item) => item.name),
    ]);
    expect(more.nextCursor).toBeNull();
    expect(urls).toEqual([
      '/api/directory?q=zephyr&country=GB',
      '/api/directory?q=zephyr&country=GB&cursor=eyJuYW1lIjoiWiJ9',
    ]);
  });

  it('says the limit per address in words, the entries shown kept', async () => {
    answers(
      json(200, { items: page(1, 20), nextCursor: 'abc' }),
      json(429, {
        error: {
          code: 'auth/too-many-requests',
          message: 'Too many attempts. Try again in 1 minute.',
        },
      }),
    );
    const first = await firstPage({}, '#0');
    const refused = await nextPage({}, first);
    expect(refused.items).toHaveLength(20);
    expect(refused.nextCursor).toBe('abc');
    expect(refused.problem).toEqual({ id: 'directory.tooMany' });
    const html = render(
      'en',
      <DirectoryResults
        results={refused}
        isLoading={false}
        isLoadingMore={false}
        onMore={() => {}}
      />,
    );
    expect(html).toContain(
      '<p role="alert" class="rounded-md border border-amber-200 bg-amber-50 p-3">Too many searches from your address; try again in a minute.</p>',
    );
    expect(html.match(/<article/g)).toHaveLength(20);
  });

  it('names the field a 400 refused, and says when no answer came', async () => {
    answers(
      json(400, {
        error: {
          code: 'invalid-argument',
          message: 'Invalid query',
          issues: [{ path: 'query.country', rule: 'format', message: 'A country code' }],
        },
      }),
    );
    expect((await firstPage({ country: 'XX' }, 'x')).problem).toEqual({
      id: 'directory.badQuery',
      field: 'directory.country',
    });
    expect((await firstPage({}, 'y')).problem).toEqual({ id: 'error.network' });
  });
});

describe('the directory’s results', () => {
  const results: SearchResults = {
    key: '#0',
    items: [hanseatic, andes],
    nextCursor: null,
    problem: null,
  };
  const html = render(
    'fr',
    <DirectoryResults
      results={results}
      isLoading={false}
      isLoadingMore={false}
      onMore={() => {}}
    />,
  );

  it('counts them in a live region, each entry a card under its name', () => {
    expect(html).toContain(
      '<p role="status" aria-live="polite" class="font-medium">2 membres trouvés</p>',
    );
    expect(html).toMatch(/<h2 id="directory-results"[^>]*>Membres trouvés<\/h2>/);
    expect(html.match(/<h3 [^>]*>([^<]+)<\/h3>/g)?.map((h) => h.replace(/<[^>]+>/g, ''))).toEqual([
      'Hanseatic Spedition GmbH',
      'Andes Cargo SA',
    ]);
    expect(html).not.toContain('Plus de résultats');
  });

  it('shows only what each chose: the country in the visitor’s language, links to act on', () => {
    expect(html).toContain('<dd class="break-words">Hamburg</dd>');
    expect(html).toContain('<dd class="break-words">Allemagne</dd>');
    expect(html).toContain('<dd class="break-words">Chili</dd>');
    expect(html).toMatch(
      /<a href="https:\/\/hanseatic\.example\/" target="_blank" rel="noopener noreferrer nofollow"[^>]*>hanseatic\.example<span class="sr-only"> \(s’ouvre dans un nouvel onglet\)<\/span><\/a>/,
    );
    expect(html).toMatch(/<a href="tel:\+49401234567"[^>]*>\+49 40 123 45 67<\/a>/);
    expect(html).toContain('<dd class="break-words">Transport routier et Dédouanement</dd>');
    expect(html).toMatch(
      /<a href="https:\/\/ops\.example\/verify\/ABCD-1234"[^>]*>Vérifier le certificat de membre<span class="sr-only"> – Hanseatic Spedition GmbH<\/span><\/a>/,
    );
    // Andes Cargo chose the country only, and has no certificate to check.
    const andesCard = html.slice(html.indexOf('Andes Cargo SA'));
    expect(andesCard.match(/<dt/g)).toHaveLength(1);
    expect(andesCard).not.toContain('verify');
  });

  it('offers more results while there are, and says it in the count', () => {
    const more = render(
      'en',
      <DirectoryResults
        results={{ ...results, items: page(1, 20), nextCursor: 'abc' }}
        isLoading={false}
        isLoadingMore={false}
        onMore={() => {}}
      />,
    );
    expect(more).toContain('20 members found so far: “More results” shows the next ones.');
    expect(more).toMatch(/<button type="button"[^>]*min-h-11[^>]*>More results<\/button>/);
  });

  it('says when nothing was found, and while it searches', () => {
    const none = render(
      'en',
      <DirectoryResults
        results={{ ...results, items: [] }}
        isLoading={false}
        isLoadingMore={false}
        onMore={() => {}}
      />,
    );
    expect(none).toContain('aria-live="polite" class="font-medium">No member found</p>');
    expect(none).toContain('Try fewer words');
    const searching = render(
      'en',
      <DirectoryResults results={results} isLoading isLoadingMore={false} onMore={() => {}} />,
    );
    expect(searching).toContain('aria-live="polite" class="font-medium">Searching…</p>');
    expect(searching).not.toContain('<article');
  });
});

describe('the directory’s search form', () => {
  const html = render(
    'fr',
    <SearchForm
      draft={{ q: 'cargo', country: 'DE', region: '', category: 'group' }}
      countries={['DE', 'CL']}
      onChange={() => {}}
      onSubmit={() => {}}
    />,
  );

  it('labels every control, in a search landmark, and searches with a 44 px button', () => {
    expect(html).toMatch(/<form role="search" aria-labelledby="directory-search"/);
    for (const name of ['q', 'country', 'region', 'category']) {
      const id = new RegExp(`<(?:input|select)[^>]*id="([^"]+)"[^>]*name="${name}"`).exec(
        html,
      )?.[1];
      expect(id, name).toBeTruthy();
      expect(html).toContain(`for="${id}"`);
    }
    expect(html).toMatch(/<input[^>]*type="search"[^>]*maxLength="100"[^>]*value="cargo"/);
    expect(html).toMatch(/<button type="submit"[^>]*min-h-11[^>]*>Chercher<\/button>/);
  });

  it('names the countries in the visitor’s language, in its order, and the regions and kinds', () => {
    const countries = /name="country"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '';
    expect(countries.match(/>[^<]+</g)).toEqual(['>Tous les pays<', '>Allemagne<', '>Chili<']);
    expect(countries).toContain('<option value="DE" selected="">Allemagne</option>');
    expect(html).toContain('<option value="africa-middle-east">Afrique et Moyen-Orient</option>');
    expect(html).toContain('<option value="group" selected="">Groupes d’entreprises</option>');
  });
});
