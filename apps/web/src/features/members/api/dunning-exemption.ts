import type {
  TMemberDetail,
  TMemberDunningExemption,
  TMemberDunningExemptionClear,
  TMemberDunningExemptionResult,
} from '@ops/contract';
import { auditQueryKeys } from '@/components/detail/record-history';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { memberPath } from './get-member';
import { memberQueryKeys } from './query-keys';

/** Exempting the member from dunning until a day (with the reason), or ending the exemption. */
export type DunningExemptionWrite =
  | { kind: 'set'; body: TMemberDunningExemption }
  | { kind: 'clear'; body: TMemberDunningExemptionClear };

export function writeDunningExemption(
  mid: string,
  write: DunningExemptionWrite,
): Promise<TMemberDunningExemptionResult> {
  return apiRequest<TMemberDunningExemptionResult>(`${memberPath(mid)}/dunning-exemption`, {
    method: write.kind === 'set' ? 'PUT' : 'DELETE',
    body: write.body,
  });
}

/**
 * The exemption's writes: the detail shows the answer at once (its dunning and new version),
 * and the member's history is fetched again.
 */
export function useDunningExemption(mid: string) {
  return useInvalidatingMutation({
    mutationFn: (write: DunningExemptionWrite) => writeDunningExemption(mid, write),
    invalidates: () => [auditQueryKeys.record('members', mid)],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [memberQueryKeys.detail(mid)] : [],
    onSuccess: (result, _write, queryClient) => {
      queryClient.setQueryData<TMemberDetail>(memberQueryKeys.detail(mid), (member) =>
        member ? { ...member, dunning: result.dunning, version: result.version } : member,
      );
    },
  });
}
