import type { TEndUserSessionsResponse } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { userPath } from './get-user';
import { userQueryKeys } from './query-keys';

export function endUserSessions(uid: string): Promise<TEndUserSessionsResponse> {
  return apiRequest<TEndUserSessionsResponse>(`${userPath(uid)}/end-sessions`, {
    method: 'POST',
  });
}

/** Ends every session of the user. */
export function useEndSessions(uid: string) {
  return useInvalidatingMutation({
    mutationFn: () => endUserSessions(uid),
    invalidates: () => [userQueryKeys.detail(uid), auditQueryKeys.record('users', uid)],
  });
}
