import type {
  TAssociationLinkRepair,
  TEmailRepair,
  TMemberFixResult,
  TMergeMembersRequest,
  TSetCountryRepair,
} from '@ops/contract';
import { auditQueryKeys } from '@/components/detail/record-history';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { memberFixesQueryKeys, memberQueryKeys } from './query-keys';

/** A repair as the screen asks for it: the check decides the endpoint and the body. */
export type MemberFixRepair =
  | { check: 'duplicate-name' | 'duplicate-vat'; body: Omit<TMergeMembersRequest, 'check'> }
  | { check: 'no-country'; body: TSetCountryRepair }
  | { check: 'invalid-email'; body: TEmailRepair }
  | { check: 'association-link'; body: TAssociationLinkRepair };

export function repairMemberFix(repair: MemberFixRepair): Promise<TMemberFixResult> {
  return apiRequest<TMemberFixResult>(`/api/members/fixes/${repair.check}/repair`, {
    method: 'POST',
    body: repair.body,
  });
}

/** What a repair may have changed, whether it succeeded or not (it may have half-run). */
const repairedKeys = () => [memberFixesQueryKeys.all, memberQueryKeys.all, auditQueryKeys.all];

/**
 * Runs a repair. `onResult` hears what was done (it runs even when the finding's own component
 * is already gone); then the checks, the members lists and the records' details and histories
 * are fetched again (the change stream would refresh them too, a moment later).
 */
export function useMemberFixRepair(onResult: (message: string) => void) {
  return useInvalidatingMutation({
    mutationFn: repairMemberFix,
    invalidates: repairedKeys,
    invalidatesAfterError: repairedKeys,
    onSuccess: (result) => onResult(result.message),
  });
}
