import type {
  TMemberDelete,
  TMemberDetail,
  TMemberFormOptions,
  TMemberPatch,
  TMemberRestore,
  TMemberStatusChange,
} from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isVersionConflict } from '@/components/detail/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { apiRequest } from '@/lib/api-client';

/** Cache keys of one member's detail (apart from the list's, so each refreshes on its own). */
export const memberQueryKeys = {
  detail: (mid: string) => ['member', mid],
  formOptions: ['member', 'form-options'],
} as const;

/** The members list's cache root (features/members/api/get-members.ts and the list kit). */
const membersListRoot = ['members'];

const memberPath = (mid: string) => `/api/members/${encodeURIComponent(mid)}`;

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

export function useMemberFormOptions(isEnabled: boolean) {
  return useQuery({
    queryKey: memberQueryKeys.formOptions,
    queryFn: ({ signal }) =>
      apiRequest<TMemberFormOptions>('/api/members/form-options', { signal }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: MemberWrite) => writeMember(mid, write),
    onSuccess: (member) => {
      queryClient.setQueryData(memberQueryKeys.detail(mid), member);
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('members', mid) });
      void queryClient.invalidateQueries({ queryKey: membersListRoot });
    },
    onError: (error) => {
      // Someone changed it meanwhile: fetch what it is now, so the person sees it.
      if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: memberQueryKeys.detail(mid) });
      }
    },
  });
}

/**
 * Keeps the open member current: a change of this member by anyone else (or changes that may
 * have been missed while disconnected) refetches it and its history within about a second.
 * Related records (invoices, certificates, applications, users) refresh the detail too.
 */
export function useMemberFollowChanges(mid: string) {
  useRecordFollowsChanges({
    table: 'members',
    id: mid,
    queryKey: memberQueryKeys.detail(mid),
    relatedTables: ['invoices', 'certificates', 'applications', 'users'],
  });
}
