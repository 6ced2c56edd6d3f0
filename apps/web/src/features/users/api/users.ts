import type {
  TEndUserSessionsResponse,
  TSendUserSignInLinkResponse,
  TUpdateUserRequest,
  TUserBulkResult,
  TUserBulkSelection,
  TUserDetail,
} from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isVersionConflict } from '@/components/detail/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@/lib/api-client';

/** Cache keys of one user's detail (apart from the list's, so each refreshes on its own). */
export const userQueryKeys = {
  detail: (uid: string) => ['user', uid],
} as const;

/** The users list's cache root (the list kit's `name`). */
const usersListRoot = ['users'];

const userPath = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

export function userQueryOptions(uid: string) {
  return queryOptions({
    queryKey: userQueryKeys.detail(uid),
    queryFn: ({ signal }) => apiRequest<TUserDetail>(userPath(uid), { signal }),
  });
}

export function useUser(uid: string) {
  return useQuery(userQueryOptions(uid));
}

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: UserWrite) => writeUser(uid, write),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKeys.detail(uid), user);
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('users', uid) });
      void queryClient.invalidateQueries({ queryKey: usersListRoot });
    },
    onError: (error) => {
      // Someone changed the user meanwhile: fetch what they are now, so the person sees it.
      if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.detail(uid) });
      }
    },
  });
}

/** E-mails the user a sign-in link; the answer says where it went (never the link). */
export function useSendSignInLink(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<TSendUserSignInLinkResponse>(`${userPath(uid)}/sign-in-link`, { method: 'POST' }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('users', uid) }),
  });
}

/** Ends every session of the user. */
export function useEndSessions(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<TEndUserSessionsResponse>(`${userPath(uid)}/end-sessions`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.detail(uid) });
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('users', uid) });
    },
  });
}

/** Disables or enables the selected users (or every user the view matches). */
export function setUsersDisabled(
  selection: TUserBulkSelection,
  disabled: boolean,
): Promise<TUserBulkResult> {
  return apiRequest<TUserBulkResult>('/api/users/bulk/disabled', {
    method: 'POST',
    body: { selection, disabled },
  });
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
