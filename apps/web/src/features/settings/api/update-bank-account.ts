import type { TBankAccount, TBankAccountUpdate } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankAccountShown, bankAccountsStale } from './bank-account-written';
import { bankAccountPath } from './get-bank-account';

export function updateBankAccount(id: string, body: TBankAccountUpdate): Promise<TBankAccount> {
  return apiRequest<TBankAccount>(bankAccountPath(id), { method: 'PATCH', body });
}

export function useUpdateBankAccount(id: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TBankAccountUpdate) => updateBankAccount(id, body),
    sets: bankAccountShown,
    invalidates: bankAccountsStale,
  });
}
