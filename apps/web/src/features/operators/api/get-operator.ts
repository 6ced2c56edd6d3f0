import type { TOperatorDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@ops/ui/api-client';
import { operatorQueryKeys } from './query-keys';

export const operatorPath = (uid: string) => `/api/operators/${encodeURIComponent(uid)}`;

export function getOperator(uid: string, signal?: AbortSignal): Promise<TOperatorDetail> {
  return apiRequest<TOperatorDetail>(operatorPath(uid), { signal });
}

export function operatorQueryOptions(uid: string) {
  return queryOptions({
    queryKey: operatorQueryKeys.detail(uid),
    queryFn: ({ signal }) => getOperator(uid, signal),
  });
}

export function useOperator(uid: string) {
  return useQuery(operatorQueryOptions(uid));
}

/** Keeps the open operator current when anyone changes it (or its user). */
export function useOperatorFollowChanges(uid: string) {
  useRecordFollowsChanges({
    table: 'operators',
    id: uid,
    queryKey: operatorQueryKeys.detail(uid),
    sameIdTables: ['users'],
  });
}
