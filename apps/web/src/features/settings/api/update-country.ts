import type { TCountry, TCountryUpdate } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { countryPath } from './get-country';
import { countryQueryKeys } from './query-keys';

export function updateCountry(iso2: string, body: TCountryUpdate): Promise<TCountry> {
  return apiRequest<TCountry>(countryPath(iso2), { method: 'PATCH', body });
}

export function useUpdateCountry(iso2: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TCountryUpdate) => updateCountry(iso2, body),
    sets: (country) => [[countryQueryKeys.detail(iso2), country]],
    invalidates: () => [countryQueryKeys.all, auditQueryKeys.record('countries', iso2)],
  });
}
