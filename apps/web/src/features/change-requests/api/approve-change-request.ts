import type { TChangeRequestApprove, TChangeRequestDecision } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { changeRequestDecided } from './change-request-decided';
import { changeRequestPath } from './get-change-request';

export function approveChangeRequest(
  id: string,
  body: TChangeRequestApprove,
): Promise<TChangeRequestDecision> {
  return apiRequest<TChangeRequestDecision>(`${changeRequestPath(id)}/approve`, {
    method: 'POST',
    body,
  });
}

/**
 * Approves a company-data request, as asked or with edited `values`, naming the request's and
 * the member's versions shown (a change of either since is a 409 that says who changed what).
 */
export function useApproveChangeRequest(id: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TChangeRequestApprove) => approveChangeRequest(id, body),
    ...changeRequestDecided<TChangeRequestApprove>(id),
  });
}
