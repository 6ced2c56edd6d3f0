import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** What a chip or a form needs to name a member it holds only the id of. */
export type MemberNameFields = { legalName: string; number: string };

/** Names of members by id, apart from the members area: a member's write does not reach them. */
export const memberNameQueryKeys = areaKeys('member-name');

export function getMemberName(mid: string, signal?: AbortSignal): Promise<MemberNameFields> {
  return apiRequest<MemberNameFields>(`/api/members/${encodeURIComponent(mid)}`, { signal });
}

export function memberNameQueryOptions(mid: string | null | undefined) {
  return queryOptions({
    queryKey: memberNameQueryKeys.detail(mid),
    queryFn: ({ signal }) => getMemberName(mid ?? '', signal),
    enabled: Boolean(mid),
    staleTime: 60_000,
    retry: false,
  });
}

/** A member's name and number by its id (for a filter chip or a form that holds only the id). */
export function useMemberName(mid: string | null | undefined) {
  return useQuery(memberNameQueryOptions(mid));
}
