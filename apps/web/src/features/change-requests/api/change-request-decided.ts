import type { TChangeRequestDecision } from '@ops/contract';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import type { InvalidatingMutationOptions } from '@/lib/mutation';
import { changeRequestQueryKeys, homeQueryKeys, memberQueryKeys } from './query-keys';

/**
 * After a decision: the request as it now is at once; the queue, the start page's counts and
 * the member (its record, history and lists: an approval wrote to it) fetched again. After a
 * version conflict (the request or its member changed meanwhile), the request as it now is, so
 * the reload shows what changed.
 */
export function changeRequestDecided<TVariables>(
  id: string,
): Pick<
  InvalidatingMutationOptions<TChangeRequestDecision, TVariables>,
  'sets' | 'invalidates' | 'invalidatesAfterError'
> {
  return {
    sets: (result) => [[changeRequestQueryKeys.detail(id), result.request]],
    invalidates: (result) => [
      changeRequestQueryKeys.lists,
      homeQueryKeys.all,
      memberQueryKeys.detail(result.request.memberMid),
      memberQueryKeys.lists,
      auditQueryKeys.record('members', result.request.memberMid),
    ],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [changeRequestQueryKeys.detail(id)] : [],
  };
}
