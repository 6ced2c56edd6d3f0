import type { TApplicationDetail } from '@ops/contract';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import type { InvalidatingMutationOptions } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { applicationQueryKeys } from './query-keys';

/**
 * After a write: show the answer at once, refetch its history and the lists it shows in; after
 * a version conflict (someone changed it meanwhile), fetch what it is now, so the person sees it.
 * `applicationOf` picks the application out of the operation's answer.
 */
export function applicationWritten<TResult, TVariables>(
  aid: string,
  applicationOf: (result: TResult) => TApplicationDetail,
): Pick<
  InvalidatingMutationOptions<TResult, TVariables>,
  'sets' | 'invalidates' | 'invalidatesAfterError'
> {
  return {
    sets: (result) => [[applicationQueryKeys.detail(aid), applicationOf(result)]],
    invalidates: () => [
      auditQueryKeys.record('applications', aid),
      applicationQueryKeys.lists,
      areaKeys('members').lists,
      areaKeys('invoices').all,
    ],
    invalidatesAfterError: (error) =>
      isVersionConflict(error) ? [applicationQueryKeys.detail(aid)] : [],
  };
}
