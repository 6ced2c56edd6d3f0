import type {
  MemberFixCheck,
  TAssociationLinkRepair,
  TEmailRepair,
  TMemberFixesSummary,
  TMemberFixFindingsPage,
  TMemberFixResult,
  TMergeMembersRequest,
  TSetCountryRepair,
} from '@ops/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useLiveChanges } from '@/lib/live-changes';

/** Cache keys of the fixes screen: the summary and each check's pages. */
export const memberFixesQueryKeys = {
  all: ['member-fixes'] as const,
  summary: ['member-fixes', 'summary'] as const,
  findings: (check: MemberFixCheck, limit: number) => ['member-fixes', check, limit] as const,
};

/** The findings page of one check, narrowed to that check's shape. */
export type FindingsPageOf<C extends MemberFixCheck> = Extract<
  TMemberFixFindingsPage,
  { check: C }
>;

export function memberFixesSummaryQueryOptions() {
  return queryOptions({
    queryKey: memberFixesQueryKeys.summary,
    queryFn: ({ signal }) => apiRequest<TMemberFixesSummary>('/api/members/fixes', { signal }),
  });
}

export function memberFixFindingsQueryOptions<C extends MemberFixCheck>(check: C, limit: number) {
  return queryOptions({
    queryKey: memberFixesQueryKeys.findings(check, limit),
    queryFn: ({ signal }) =>
      apiRequest<FindingsPageOf<C>>(`/api/members/fixes/${check}?limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberFixesSummary() {
  return useQuery(memberFixesSummaryQueryOptions());
}

export function useMemberFixFindings<C extends MemberFixCheck>(
  check: C,
  limit: number,
  isEnabled: boolean,
) {
  return useQuery({ ...memberFixFindingsQueryOptions(check, limit), enabled: isEnabled });
}

/**
 * Another operator's change to members or countries (or our own) may add or settle findings:
 * fetch the checks again when the change stream says so.
 */
export function useLiveMemberFixes() {
  const queryClient = useQueryClient();
  useLiveChanges(['members', 'countries'], () => {
    void queryClient.invalidateQueries({ queryKey: memberFixesQueryKeys.all });
  });
}

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

/**
 * Runs a repair. `onResult` hears what was done (it runs even when the finding's own component
 * is already gone); then the checks, the members lists and the records' details and histories
 * are fetched again (the change stream would refresh them too, a moment later).
 */
export function useMemberFixRepair(onResult: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repairMemberFix,
    onSuccess: (result) => onResult(result.message),
    onSettled: () => {
      for (const queryKey of [memberFixesQueryKeys.all, ['members'], ['member'], ['audit']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
