import type { TGrantOperatorRequest, TOperatorDetail } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { operatorQueryKeys } from './query-keys';

export function grantOperator(body: TGrantOperatorRequest): Promise<TOperatorDetail> {
  return apiRequest<TOperatorDetail>('/api/operators', { method: 'POST', body });
}

/** Grants operator access to a user; answers the operator record. */
export function useGrantOperator() {
  return useInvalidatingMutation({
    mutationFn: grantOperator,
    sets: (operator) => [[operatorQueryKeys.detail(operator.uid), operator]],
    invalidates: () => [operatorQueryKeys.lists],
  });
}
