import type { TMemberFormOptions } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { memberQueryKeys } from './query-keys';

/**
 * The countries a member may be in, for "Edit then approve": the members' form options, cached
 * under the members' key (the member edit form reads the same), by the members area's root.
 */
export function getMemberFormOptions(signal?: AbortSignal): Promise<TMemberFormOptions> {
  return apiRequest<TMemberFormOptions>('/api/members/form-options', { signal });
}

export function memberFormOptionsQueryOptions() {
  return queryOptions({
    queryKey: memberQueryKeys.of('form-options'),
    queryFn: ({ signal }) => getMemberFormOptions(signal),
    staleTime: 5 * 60_000,
  });
}

/** Fetched only while a form that offers the country is open. */
export function useCountryChoices(isEnabled: boolean) {
  return useQuery({
    ...memberFormOptionsQueryOptions(),
    enabled: isEnabled,
    select: (options) =>
      options.countries.map((country) => ({
        value: country.iso2,
        label: `${country.name} (${country.iso2})`,
      })),
  });
}
