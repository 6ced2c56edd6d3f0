import type { TBankAccountListItem, TBankAccountsListPage } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/**
 * The bank accounts a form may choose (bulk edit's "Bank account"), under the bank accounts'
 * own root, so that an edit of an account refreshes the choice too.
 */
export const bankAccountChoicesQueryKeys = areaKeys('bank-accounts');

/** The active bank accounts, by currency then label: a handful of rows, one page. */
export function getBankAccountChoices(signal?: AbortSignal): Promise<TBankAccountListItem[]> {
  const params = new URLSearchParams({ active: 'true', sort: 'currency,label', limit: '200' });
  return apiRequest<TBankAccountsListPage>(`/api/bank-accounts?${params.toString()}`, {
    signal,
  }).then((page) => page.data);
}

export function bankAccountChoicesQueryOptions() {
  return queryOptions({
    queryKey: bankAccountChoicesQueryKeys.of('choices'),
    queryFn: ({ signal }) => getBankAccountChoices(signal),
    staleTime: 60_000,
  });
}

export function useBankAccountChoices(isEnabled = true) {
  return useQuery({ ...bankAccountChoicesQueryOptions(), enabled: isEnabled });
}
