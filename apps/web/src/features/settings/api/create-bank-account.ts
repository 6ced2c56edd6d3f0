import type { TBankAccount, TBankAccountInput } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankAccountShown, bankAccountsStale } from './bank-account-written';

export function createBankAccount(body: TBankAccountInput): Promise<TBankAccount> {
  return apiRequest<TBankAccount>('/api/bank-accounts', { method: 'POST', body });
}

export function useCreateBankAccount() {
  return useInvalidatingMutation({
    mutationFn: createBankAccount,
    sets: bankAccountShown,
    invalidates: bankAccountsStale,
  });
}
