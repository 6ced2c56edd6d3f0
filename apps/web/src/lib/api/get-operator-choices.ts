import type { TOperatorListItem, TOperatorsListPage } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** The operators a form may name (bulk edit's "Reviewer"), under the operators' own root. */
export const operatorChoicesQueryKeys = areaKeys('operators');

/** The operators who still have access, by e-mail: a few dozen rows, one page. */
export function getOperatorChoices(signal?: AbortSignal): Promise<TOperatorListItem[]> {
  const params = new URLSearchParams({ active: 'true', sort: 'email', limit: '200' });
  return apiRequest<TOperatorsListPage>(`/api/operators?${params.toString()}`, { signal }).then(
    (page) => page.data,
  );
}

export function operatorChoicesQueryOptions() {
  return queryOptions({
    queryKey: operatorChoicesQueryKeys.of('choices'),
    queryFn: ({ signal }) => getOperatorChoices(signal),
    staleTime: 60_000,
  });
}

export function useOperatorChoices(isEnabled = true) {
  return useQuery({ ...operatorChoicesQueryOptions(), enabled: isEnabled });
}
