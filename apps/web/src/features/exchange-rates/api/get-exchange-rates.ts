import type { TExchangeRates } from '@ops/contract/exchange-rates';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { exchangeRateQueryKeys } from './query-keys';

export function getExchangeRates(signal?: AbortSignal): Promise<TExchangeRates> {
  return apiRequest<TExchangeRates>('/api/exchange-rates', { signal });
}

export const exchangeRatesQueryOptions = queryOptions({
  queryKey: exchangeRateQueryKeys.lists,
  queryFn: ({ signal }) => getExchangeRates(signal),
});

/** Every rate, newest month first, fetched again whenever anyone changes one. */
export function useExchangeRates() {
  const queryClient = useQueryClient();
  useLiveChanges(['exchange_rates'], () => {
    void queryClient.invalidateQueries({ queryKey: exchangeRateQueryKeys.all });
  });
  return useQuery(exchangeRatesQueryOptions);
}
