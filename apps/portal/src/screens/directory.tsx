import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { directoryApi } from '../directory/api';
import { DirectoryResults } from '../directory/results';
import { keyOf, paramsOf, searchOf } from '../directory/query';
import { SearchForm, type SearchDraft } from '../directory/search-form';
import { countriesOf, firstPage, nextPage, type SearchResults } from '../directory/search';
import { DirectoryMessages } from '../i18n/directory-messages-provider';
import { useMessages } from '../i18n/message';

/**
 * `PORTAL_URL/directory` (issue 35): the public member directory, for anyone, with or without a
 * session. The search is kept in the address (`?q=&country=&region=&category=`), so a search can
 * be shared and Back returns to the one before; "More results" adds the next page under the
 * entries shown. Nothing of the member side loads here.
 */
export function DirectoryScreen() {
  return (
    <DirectoryMessages>
      <Directory />
    </DirectoryMessages>
  );
}

const draftOf = (params: URLSearchParams): SearchDraft => {
  const search = searchOf(params);
  return {
    q: search.q ?? '',
    country: search.country ?? '',
    region: search.region ?? '',
    category: search.category ?? '',
  };
};

function Directory() {
  const t = useMessages();
  // The address's query read as it is (not `useSearchParams`, which the first screen would carry).
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const search = searchOf(params);
  const key = keyOf(search);
  // Each Search counts: the same search asked again (after a refusal) is run again.
  const [attempt, setAttempt] = useState(0);
  const resultsKey = `${key}#${attempt}`;
  const [results, setResults] = useState<SearchResults | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [countries, setCountries] = useState<string[]>([]);
  const listRef = useRef<HTMLUListElement>(null);

  // The form shows the search of the address, also after Back; then what the person chooses.
  const [draft, setDraft] = useState<SearchDraft>(() => draftOf(params));
  const [draftKey, setDraftKey] = useState(key);
  if (draftKey !== key) {
    setDraftKey(key);
    setDraft(draftOf(params));
  }

  // The filter's countries: those of every member the directory shows, asked once.
  useEffect(() => {
    let isCurrent = true;
    directoryApi.countries().then(
      (list) => {
        if (isCurrent) setCountries((known) => [...new Set([...list.items, ...known])].sort());
      },
      // Without it, the countries of the members found so far still fill the filter.
      (failure: unknown) => console.warn(failure),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    let isCurrent = true;
    void firstPage(searchOf(new URLSearchParams(key)), `${key}#${attempt}`).then((loaded) => {
      if (!isCurrent) return;
      setResults(loaded);
      setCountries((known) => countriesOf(known, loaded.items));
    });
    return () => {
      isCurrent = false;
    };
  }, [key, attempt]);

  const isLoading = results?.key !== resultsKey;

  async function showMore() {
    if (!results || isLoadingMore) return;
    const before = results.items.length;
    setIsLoadingMore(true);
    const more = await nextPage(search, results);
    setIsLoadingMore(false);
    // A search started meanwhile has results of its own: these are dropped.
    setResults((current) => (current?.key === more.key ? more : current));
    setCountries((known) => countriesOf(known, more.items));
    if (more.items.length > before) {
      // The first entry added takes the focus: the reader goes on from there.
      requestAnimationFrame(() => {
        const headings = listRef.current?.querySelectorAll<HTMLElement>('[data-listing-heading]');
        headings?.[before]?.focus();
      });
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('directory.title')}</h1>
      <p>{t('directory.intro')}</p>
      <SearchForm
        draft={draft}
        countries={countries}
        onChange={setDraft}
        onSubmit={() => {
          const next = paramsOf(searchOf(new URLSearchParams(draft)));
          setAttempt((current) => current + 1);
          // A new search is a step Back returns from; the same one again is not.
          const query = next.toString();
          navigate({ search: query ? `?${query}` : '' }, { replace: query === key });
        }}
      />
      <DirectoryResults
        results={results}
        isLoading={isLoading}
        isLoadingMore={isLoadingMore}
        onMore={() => void showMore()}
        listRef={listRef}
      />
    </div>
  );
}
