import type { TChangeRequestDecision, TChangeRequestDecline } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { changeRequestDecided } from './change-request-decided';
import { changeRequestPath } from './get-change-request';

export function declineChangeRequest(
  id: string,
  body: TChangeRequestDecline,
): Promise<TChangeRequestDecision> {
  return apiRequest<TChangeRequestDecision>(`${changeRequestPath(id)}/decline`, {
    method: 'POST',
    body,
  });
}

/** Declines a request with the reason the member reads in the portal; the member stays as it is. */
export function useDeclineChangeRequest(id: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TChangeRequestDecline) => declineChangeRequest(id, body),
    ...changeRequestDecided<TChangeRequestDecline>(id),
  });
}
