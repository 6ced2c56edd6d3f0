import type { TBankAccount } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { bankAccountQueryKeys } from './query-keys';

export const bankAccountPath = (id: string) => `/api/bank-accounts/${encodeURIComponent(id)}`;

export function getBankAccount(id: string, signal?: AbortSignal): Promise<TBankAccount> {
  return apiRequest<TBankAccount>(bankAccountPath(id), { signal });
}

export function bankAccountQueryOptions(id: string) {
  return queryOptions({
    queryKey: bankAccountQueryKeys.detail(id),
    queryFn: ({ signal }) => getBankAccount(id, signal),
  });
}

/**
 * One bank account, refetched when it changes anywhere. Making another account the default
 * changes this one too: the change feed names every row a statement changed, this one included.
 */
export function useBankAccount(id: string) {
  useRecordFollowsChanges({
    table: 'bank_accounts',
    id,
    queryKey: bankAccountQueryKeys.detail(id),
  });
  return useQuery(bankAccountQueryOptions(id));
}
