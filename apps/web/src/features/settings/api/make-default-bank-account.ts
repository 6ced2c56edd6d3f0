import type { TBankAccount } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { bankAccountShown, bankAccountsStale } from './bank-account-written';
import { bankAccountPath } from './get-bank-account';

/** Makes the account its currency's default (the previous default loses it). */
export function makeDefaultBankAccount(id: string, version: number): Promise<TBankAccount> {
  return apiRequest<TBankAccount>(`${bankAccountPath(id)}/make-default`, {
    method: 'POST',
    body: { version },
  });
}

export function useMakeDefaultBankAccount(id: string) {
  return useInvalidatingMutation({
    mutationFn: (version: number) => makeDefaultBankAccount(id, version),
    sets: bankAccountShown,
    invalidates: bankAccountsStale,
  });
}
