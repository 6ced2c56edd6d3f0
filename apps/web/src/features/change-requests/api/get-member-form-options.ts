import { useQuery } from '@tanstack/react-query';
import { memberFormOptionsQueryOptions } from '@/lib/api/member-form-options';

/**
 * The countries a member may be in, for "Edit then approve": the members' form options (the
 * member edit form reads the same cache entry). Fetched only while a form that offers the
 * country is open.
 */
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
