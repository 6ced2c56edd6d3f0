import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { areaKeys } from '@/lib/query-keys';
import { memberOptionsOf, type MemberOption } from '@/lib/search/member-hits';
import { runSearch } from '@/lib/search/run-search';

/** Members offered at most; the search asks for more hits, as other types share them. */
const shownMembers = 8;
const searchedHits = 40;

/** The member picker's searches, keyed by the typed text. */
export const memberPickerQueryKeys = areaKeys('member-picker');

/** The members matching `q`, through the search palette's engine (the same index and ranking). */
export async function searchMembers(q: string, signal?: AbortSignal): Promise<MemberOption[]> {
  return memberOptionsOf((await runSearch({ q, limit: searchedHits }, signal)).hits, shownMembers);
}

export function memberSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: memberPickerQueryKeys.list(q),
    queryFn: ({ signal }) => searchMembers(q, signal),
    enabled: q !== '',
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMemberSearch(q: string) {
  return useQuery(memberSearchQueryOptions(q));
}
