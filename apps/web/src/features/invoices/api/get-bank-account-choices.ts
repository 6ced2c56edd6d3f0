import type { TBankAccountListItem, TBankAccountsListPage } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { invoiceQueryKeys } from './query-keys';

/** The active bank accounts of a currency, default first. */
export function getBankAccountChoices(
  currency: string,
  signal?: AbortSignal,
): Promise<TBankAccountListItem[]> {
  const params = new URLSearchParams({ currency, active: 'true', limit: '50' });
  return apiRequest<TBankAccountsListPage>(`/api/bank-accounts?${params.toString()}`, {
    signal,
  }).then((page): TBankAccountListItem[] =>
    [...page.data].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
  );
}

export function bankAccountChoicesQueryOptions(currency: string) {
  return queryOptions({
    queryKey: invoiceQueryKeys.of('bank-accounts', currency),
    queryFn: ({ signal }) => getBankAccountChoices(currency, signal),
  });
}

/** The active bank accounts of a currency, default first. */
export function useBankAccounts(currency: string) {
  return useQuery(bankAccountChoicesQueryOptions(currency));
}
