import type { TBankAccount, TBankAccountInput, TBankAccountUpdate } from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** The list kit's root ('bank-accounts') holds the detail too: one invalidation reaches both. */
export const bankAccountQueryKeys = {
  all: ['bank-accounts'] as const,
  detail: (id: string) => ['bank-accounts', 'detail', id] as const,
};

export function bankAccountQueryOptions(id: string) {
  return queryOptions({
    queryKey: bankAccountQueryKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<TBankAccount>(`/api/bank-accounts/${encodeURIComponent(id)}`, { signal }),
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

function useAfterWrite() {
  const queryClient = useQueryClient();
  return (account: TBankAccount) => {
    queryClient.setQueryData(bankAccountQueryKeys.detail(account.id), account);
    // Other accounts may have lost the default: refresh every account and the list.
    void queryClient.invalidateQueries({ queryKey: bankAccountQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit', 'bank_accounts'] });
  };
}

export function useCreateBankAccount() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: TBankAccountInput) =>
      apiRequest<TBankAccount>('/api/bank-accounts', { method: 'POST', body }),
    onSuccess: afterWrite,
  });
}

export function useUpdateBankAccount(id: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: TBankAccountUpdate) =>
      apiRequest<TBankAccount>(`/api/bank-accounts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: afterWrite,
  });
}

export function useMakeDefaultBankAccount(id: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest<TBankAccount>(`/api/bank-accounts/${encodeURIComponent(id)}/make-default`, {
        method: 'POST',
        body: { version },
      }),
    onSuccess: afterWrite,
  });
}
