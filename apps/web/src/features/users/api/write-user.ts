import type { TUpdateUserRequest, TUserDetail } from '@ops/contract';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { userPath } from './get-user';
import { userQueryKeys } from './query-keys';

/** The writes of the user detail; each answers the user as they now are. */
export type UserWrite =
  | { kind: 'edit'; body: TUpdateUserRequest }
  | { kind: 'disable'; version: number }
  | { kind: 'enable'; version: number };

export function writeUser(uid: string, write: UserWrite): Promise<TUserDetail> {
  switch (write.kind) {
    case 'edit':
      return apiRequest(userPath(uid), { method: 'PATCH', body: write.body });
    case 'disable':
    case 'enable':
      return apiRequest(`${userPath(uid)}/${write.kind}`, {
        method: 'POST',
        body: { version: write.version },
      });
  }
}

/**
 * A write to the user: on success the detail shows the answer at once, and its history and the
 * users list are fetched again (the change stream would refresh them too).
 */
export function useUserWrite(uid: string) {
  return useInvalidatingMutation({
    mutationFn: (write: UserWrite) => writeUser(uid, write),
    sets: (user) => [[userQueryKeys.detail(uid), user]],
    invalidates: () => [auditQueryKeys.record('users', uid), userQueryKeys.lists],
    // Someone changed the user meanwhile: fetch what they are now, so the person sees it.
    invalidatesAfterError: (error) => (isVersionConflict(error) ? [userQueryKeys.detail(uid)] : []),
  });
}
