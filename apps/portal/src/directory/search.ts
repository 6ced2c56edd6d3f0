import type { TDirectoryListing } from '@ops/contract/directory';
import { isApiError } from '@ops/ui/api-client';
import type { DirectoryMessageId } from '../i18n/directory-messages';
import type { MessageId } from '../i18n/messages/en';
import { directoryApi } from './api';
import type { DirectorySearch } from './query';

/** Why a page did not come, in the visitor's words (the field a 400 names, by its label). */
export type SearchProblem =
  | { id: 'directory.tooMany' | 'directory.failed' | 'error.network' }
  | { id: 'directory.badQuery'; field: DirectoryMessageId };

/** What the results show: the entries so far, the next page's cursor, the last problem. */
export type SearchResults = {
  /** The search these are for (`keyOf`), with the attempt (a search asked for again). */
  key: string;
  items: TDirectoryListing[];
  nextCursor: string | null;
  problem: SearchProblem | null;
};

const fieldOfIssue: Partial<Record<string, DirectoryMessageId>> = {
  'query.q': 'directory.q',
  'query.country': 'directory.country',
  'query.region': 'directory.region',
  'query.category': 'directory.category',
};

/** A refused or failed page in words: the limit per address, a field refused, or no answer. */
export function problemOf(error: unknown): SearchProblem {
  if (!isApiError(error)) return { id: 'error.network' };
  if (error.status === 429 || error.code === 'auth/too-many-requests') {
    return { id: 'directory.tooMany' };
  }
  const field = error.issues?.map((issue) => fieldOfIssue[issue.path]).find(Boolean);
  return field ? { id: 'directory.badQuery', field } : { id: 'directory.failed' };
}

/** The first page of a search; a problem instead of the entries when it did not come. */
export async function firstPage(search: DirectorySearch, key: string): Promise<SearchResults> {
  try {
    const page = await directoryApi.search(search);
    return { key, items: page.items, nextCursor: page.nextCursor, problem: null };
  } catch (error) {
    return { key, items: [], nextCursor: null, problem: problemOf(error) };
  }
}

/**
 * The results with the next page added after them ("More results"); when it did not come, the
 * results as they were, with the problem said (the cursor kept, to try again).
 */
export async function nextPage(
  search: DirectorySearch,
  results: SearchResults,
): Promise<SearchResults> {
  if (!results.nextCursor) return results;
  try {
    const page = await directoryApi.search(search, results.nextCursor);
    return {
      key: results.key,
      items: [...results.items, ...page.items],
      nextCursor: page.nextCursor,
      problem: null,
    };
  } catch (error) {
    return { ...results, problem: problemOf(error) };
  }
}

/** The words of a problem (its field named by its label). */
export function problemWords(
  problem: SearchProblem,
  t: (id: MessageId | DirectoryMessageId, values?: Record<string, string>) => string,
): string {
  return problem.id === 'directory.badQuery'
    ? t(problem.id, { field: t(problem.field) })
    : t(problem.id);
}

/** The countries of the entries, as ISO codes, added to those known already (sorted, once each). */
export function countriesOf(known: string[], items: TDirectoryListing[]): string[] {
  const codes = new Set(known);
  for (const item of items) if (item.countryIso2) codes.add(item.countryIso2);
  return codes.size === known.length ? known : [...codes].sort();
}
