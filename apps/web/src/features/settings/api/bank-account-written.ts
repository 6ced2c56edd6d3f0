import type { TBankAccount } from '@ops/contract';
import type { QueryKey } from '@tanstack/react-query';
import { auditQueryKeys } from '@/components/detail';
import type { CacheEntry } from '@/lib/mutation';
import { bankAccountQueryKeys } from './query-keys';

/** After a write of an account: its detail shows the answer at once… */
export const bankAccountShown = (account: TBankAccount): CacheEntry[] => [
  [bankAccountQueryKeys.detail(account.id), account],
];

/**
 * …and, as other accounts may have lost the default, every account, the list and every
 * account's history are fetched again.
 */
export const bankAccountsStale = (): QueryKey[] => [
  bankAccountQueryKeys.all,
  auditQueryKeys.table('bank_accounts'),
];
