import type { TMemberFormOptions } from '@ops/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** The choices of the member form (countries, national associations…). */
export function getMemberFormOptions(signal?: AbortSignal): Promise<TMemberFormOptions> {
  return apiRequest<TMemberFormOptions>('/api/members/form-options', { signal });
}

/**
 * The members' form options, cached under the members area's key: the member edit form and the
 * change requests' "Edit then approve" read the same entry (features do not import each other,
 * so the query lives here), and a member write's invalidation of the area reaches it.
 */
export function memberFormOptionsQueryOptions() {
  return queryOptions({
    queryKey: areaKeys('members').of('form-options'),
    queryFn: ({ signal }) => getMemberFormOptions(signal),
    staleTime: 5 * 60_000,
  });
}
