import type { MemberFixCheck, TMemberFixFindingsPage } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { memberFixesQueryKeys } from './query-keys';

/** The findings page of one check, narrowed to that check's shape. */
export type FindingsPageOf<C extends MemberFixCheck> = Extract<
  TMemberFixFindingsPage,
  { check: C }
>;

export function getMemberFixFindings<C extends MemberFixCheck>(
  check: C,
  limit: number,
  signal?: AbortSignal,
): Promise<FindingsPageOf<C>> {
  return apiRequest<FindingsPageOf<C>>(`/api/members/fixes/${check}?limit=${limit}`, { signal });
}

export function memberFixFindingsQueryOptions<C extends MemberFixCheck>(check: C, limit: number) {
  return queryOptions({
    queryKey: memberFixesQueryKeys.of(check, limit),
    queryFn: ({ signal }) => getMemberFixFindings(check, limit, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberFixFindings<C extends MemberFixCheck>(
  check: C,
  limit: number,
  isEnabled: boolean,
) {
  return useQuery({ ...memberFixFindingsQueryOptions(check, limit), enabled: isEnabled });
}
