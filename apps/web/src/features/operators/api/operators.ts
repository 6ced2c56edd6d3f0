import type {
  TGrantOperatorRequest,
  TOperatorDetail,
  TUpdateOperatorRolesRequest,
  TUsersListPage,
} from '@ops/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { isVersionConflict } from '@/components/detail/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@/lib/api-client';

export const operatorQueryKeys = {
  detail: (uid: string) => ['operator', uid],
  userSearch: (q: string) => ['operator', 'user-search', q],
} as const;

/** The operators list's cache root (the list kit's `name`). */
const operatorsListRoot = ['operators'];

const operatorPath = (uid: string) => `/api/operators/${encodeURIComponent(uid)}`;

export function operatorQueryOptions(uid: string) {
  return queryOptions({
    queryKey: operatorQueryKeys.detail(uid),
    queryFn: ({ signal }) => apiRequest<TOperatorDetail>(operatorPath(uid), { signal }),
  });
}

export function useOperator(uid: string) {
  return useQuery(operatorQueryOptions(uid));
}

export type OperatorWrite =
  { kind: 'roles'; body: TUpdateOperatorRolesRequest } | { kind: 'revoke'; version: number };

/** A change of the operator: the detail shows the answer; history and list are fetched again. */
export function useOperatorWrite(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: OperatorWrite) =>
      write.kind === 'roles'
        ? apiRequest<TOperatorDetail>(operatorPath(uid), { method: 'PATCH', body: write.body })
        : apiRequest<TOperatorDetail>(`${operatorPath(uid)}/revoke`, {
            method: 'POST',
            body: { version: write.version },
          }),
    onSuccess: (operator) => {
      queryClient.setQueryData(operatorQueryKeys.detail(uid), operator);
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('operators', uid) });
      void queryClient.invalidateQueries({ queryKey: operatorsListRoot });
    },
    onError: (error) => {
      if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.detail(uid) });
      }
    },
  });
}

/** Grants operator access to a user; answers the operator record. */
export function useGrantOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TGrantOperatorRequest) =>
      apiRequest<TOperatorDetail>('/api/operators', { method: 'POST', body }),
    onSuccess: (operator) => {
      queryClient.setQueryData(operatorQueryKeys.detail(operator.uid), operator);
      void queryClient.invalidateQueries({ queryKey: operatorsListRoot });
    },
  });
}

/** Users matching what the person typed, to pick whom to grant access to. */
export function useUserSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: operatorQueryKeys.userSearch(text),
    queryFn: ({ signal }) =>
      apiRequest<TUsersListPage>(
        `/api/users?${new URLSearchParams({ q: text, disabled: 'false', limit: '8' }).toString()}`,
        { signal },
      ),
    enabled: /[\p{L}\p{N}]/u.test(text),
    placeholderData: keepPreviousData,
  });
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
