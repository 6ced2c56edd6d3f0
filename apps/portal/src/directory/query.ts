import type { TDirectoryQuery } from '@ops/contract/directory';
import { directoryCategoryValues, regionValues, type DirectoryCategory } from './labels';

/**
 * The directory's search as the address bar keeps it (`/directory?q=&country=&region=&category=`),
 * so that a search can be shared and Back returns to the one before. What the server would
 * refuse is left out when read from an address (a link edited by hand): the rules are
 * `ZDirectoryQuery`'s, written here without zod, which the public page does not load.
 */
export type DirectorySearch = Omit<TDirectoryQuery, 'cursor'>;

/** The longest words the server takes (`ZDirectoryQuery.q`). */
export const maxWordsLength = 100;

/** The parameters in the order the address writes them. */
const searchKeys = ['q', 'country', 'region', 'category'] as const;

const isRegion = (value: string): value is NonNullable<TDirectoryQuery['region']> =>
  (regionValues as readonly string[]).includes(value);
const isCategory = (value: string): value is DirectoryCategory =>
  (directoryCategoryValues as readonly string[]).includes(value);

/** The search an address asks for: its known parameters, each as the server takes it. */
export function searchOf(params: URLSearchParams): DirectorySearch {
  const search: DirectorySearch = {};
  const q = params.get('q')?.trim().slice(0, maxWordsLength);
  if (q) search.q = q;
  const country = params.get('country')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) search.country = country;
  const region = params.get('region');
  if (region && isRegion(region)) search.region = region;
  const category = params.get('category');
  if (category && isCategory(category)) search.category = category;
  return search;
}

/** The address's parameters of a search (the empty ones left out), optionally a page's cursor. */
export function paramsOf(search: DirectorySearch, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of searchKeys) {
    const value = search[key]?.trim();
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** One text per search: two addresses that ask for the same search have the same key. */
export const keyOf = (search: DirectorySearch) => paramsOf(search).toString();
