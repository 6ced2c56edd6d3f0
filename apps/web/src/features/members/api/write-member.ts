import type {
  TMemberDelete,
  TMemberDetail,
  TMemberPatch,
  TMemberRestore,
  TMemberStatusChange,
} from '@ops/contract';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { memberPath } from './get-member';
import { memberQueryKeys } from './query-keys';

/** The writes of the detail screen; each answers the member as it now is. */
export type MemberWrite =
  | { kind: 'edit'; body: TMemberPatch }
  | { kind: 'status'; body: TMemberStatusChange }
  | { kind: 'delete'; body: TMemberDelete }
  | { kind: 'restore'; body: TMemberRestore };

export function writeMember(mid: string, write: MemberWrite): Promise<TMemberDetail> {
  switch (write.kind) {
    case 'edit':
      return apiRequest(memberPath(mid), { method: 'PATCH', body: write.body });
    case 'status':
      return apiRequest(`${memberPath(mid)}/status`, { method: 'POST', body: write.body });
    case 'delete':
      return apiRequest(memberPath(mid), { method: 'DELETE', body: write.body });
    case 'restore':
      return apiRequest(`${memberPath(mid)}/restore`, { method: 'POST', body: write.body });
  }
}

/**
 * A write to the member: on success the detail shows the answer at once, and its history and
 * the lists showing members are fetched again (the change stream would refresh them too).
 */
export function useMemberWrite(mid: string) {
  return useInvalidatingMutation({
    mutationFn: (write: MemberWrite) => writeMember(mid, write),
    sets: (member) => [[memberQueryKeys.detail(mid), member]],
    invalidates: () => [auditQueryKeys.record('members', mid), memberQueryKeys.lists],
    // Someone changed it meanwhile: fetch what it is now, so the person sees it.
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [memberQueryKeys.detail(mid)] : [],
  });
}
