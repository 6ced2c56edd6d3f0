import type { TDirectoryCountries, TDirectoryPage } from '@ops/contract/directory';
import { apiRequest } from '@ops/ui/api-client';
import { paramsOf, type DirectorySearch } from './query';

/**
 * The public member directory (issue 35): `GET /api/directory`, for anyone, without a session;
 * 20 entries a page, the next by the page's cursor. The server caches a page a minute and takes
 * 30 searches a minute from an address (a 429 beyond).
 */
export const directoryApi = {
  search: (search: DirectorySearch, cursor?: string | null) => {
    const params = paramsOf(search, cursor).toString();
    return apiRequest<TDirectoryPage>(`/api/directory${params ? `?${params}` : ''}`);
  },
  /** The countries of the members the directory shows: its country filter. */
  countries: () => apiRequest<TDirectoryCountries>('/api/directory/countries'),
};
