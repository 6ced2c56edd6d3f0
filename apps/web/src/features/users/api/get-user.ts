import type { TUserDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@ops/ui/api-client';
import { userQueryKeys } from './query-keys';

export const userPath = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

export function getUser(uid: string, signal?: AbortSignal): Promise<TUserDetail> {
  return apiRequest<TUserDetail>(userPath(uid), { signal });
}

export function userQueryOptions(uid: string) {
  return queryOptions({
    queryKey: userQueryKeys.detail(uid),
    queryFn: ({ signal }) => getUser(uid, signal),
  });
}

export function useUser(uid: string) {
  return useQuery(userQueryOptions(uid));
}

/**
 * Keeps the open user current: a change of this user (or of their operator record) by anyone
 * else, or changes that may have been missed, refetch the detail and its history.
 */
export function useUserFollowChanges(uid: string) {
  // A renamed member renames it on its users' rows too (a users change), so members are not
  // followed here.
  useRecordFollowsChanges({
    table: 'users',
    id: uid,
    queryKey: userQueryKeys.detail(uid),
    sameIdTables: ['operators'],
  });
}
