import type { TMemberDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@ops/ui/api-client';
import { memberQueryKeys } from './query-keys';

export const memberPath = (mid: string) => `/api/members/${encodeURIComponent(mid)}`;

export function getMember(mid: string, signal?: AbortSignal): Promise<TMemberDetail> {
  return apiRequest<TMemberDetail>(memberPath(mid), { signal });
}

export function memberQueryOptions(mid: string) {
  return queryOptions({
    queryKey: memberQueryKeys.detail(mid),
    queryFn: ({ signal }) => getMember(mid, signal),
  });
}

export function useMember(mid: string) {
  return useQuery(memberQueryOptions(mid));
}

/**
 * Keeps the open member current: a change of this member by anyone else (or changes that may
 * have been missed while disconnected) refetches it and its history within about a second.
 * Related records (invoices, certificates, applications, users, money movements: the open
 * balance, dunning notices: the open reminders) refresh the detail too.
 */
export function useMemberFollowChanges(mid: string) {
  useRecordFollowsChanges({
    table: 'members',
    id: mid,
    queryKey: memberQueryKeys.detail(mid),
    relatedTables: [
      'invoices',
      'certificates',
      'applications',
      'users',
      'money_movements',
      'dunning_notices',
    ],
  });
}
