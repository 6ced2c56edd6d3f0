import type { TOperatorDetail, TUpdateOperatorRolesRequest } from '@ops/contract';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { operatorPath } from './get-operator';
import { operatorQueryKeys } from './query-keys';

export type OperatorWrite =
  { kind: 'roles'; body: TUpdateOperatorRolesRequest } | { kind: 'revoke'; version: number };

export function writeOperator(uid: string, write: OperatorWrite): Promise<TOperatorDetail> {
  return write.kind === 'roles'
    ? apiRequest<TOperatorDetail>(operatorPath(uid), { method: 'PATCH', body: write.body })
    : apiRequest<TOperatorDetail>(`${operatorPath(uid)}/revoke`, {
        method: 'POST',
        body: { version: write.version },
      });
}

/** A change of the operator: the detail shows the answer; history and list are fetched again. */
export function useOperatorWrite(uid: string) {
  return useInvalidatingMutation({
    mutationFn: (write: OperatorWrite) => writeOperator(uid, write),
    sets: (operator) => [[operatorQueryKeys.detail(uid), operator]],
    invalidates: () => [auditQueryKeys.record('operators', uid), operatorQueryKeys.lists],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [operatorQueryKeys.detail(uid)] : [],
  });
}
