import type { TSendUserSignInLinkResponse } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { userPath } from './get-user';

export function sendUserSignInLink(uid: string): Promise<TSendUserSignInLinkResponse> {
  return apiRequest<TSendUserSignInLinkResponse>(`${userPath(uid)}/sign-in-link`, {
    method: 'POST',
  });
}

/** E-mails the user a sign-in link; the answer says where it went (never the link). */
export function useSendSignInLink(uid: string) {
  return useInvalidatingMutation({
    mutationFn: () => sendUserSignInLink(uid),
    invalidates: () => [auditQueryKeys.record('users', uid)],
  });
}
