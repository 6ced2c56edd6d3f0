import type { TBankStatementDetail } from '@ops/contract/bank-statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { bankStatementQueryKeys } from './query-keys';
import { useBankFollowsChanges } from './use-bank-follows-changes';

export const bankStatementPath = (bsid: string) =>
  `/api/bank-statements/${encodeURIComponent(bsid)}`;

export function getBankStatement(
  bsid: string,
  signal?: AbortSignal,
): Promise<TBankStatementDetail> {
  return apiRequest<TBankStatementDetail>(bankStatementPath(bsid), { signal });
}

export function bankStatementQueryOptions(bsid: string) {
  return queryOptions({
    queryKey: bankStatementQueryKeys.detail(bsid),
    queryFn: ({ signal }) => getBankStatement(bsid, signal),
  });
}

/** One imported statement with its counts, refetched as its entries are confirmed or assigned. */
export function useBankStatement(bsid: string) {
  useBankFollowsChanges();
  return useQuery(bankStatementQueryOptions(bsid));
}
