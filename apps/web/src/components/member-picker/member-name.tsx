import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { memberLabel } from './member-hits';

type MemberNameFields = { legalName: string; number: string };

/** A member's name and number by its id (for a filter chip or a form that holds only the id). */
export function useMemberName(mid: string | null | undefined) {
  return useQuery({
    queryKey: ['member-name', mid],
    queryFn: ({ signal }) =>
      apiRequest<MemberNameFields>(`/api/members/${encodeURIComponent(mid ?? '')}`, { signal }),
    enabled: Boolean(mid),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * A member named as a person knows it: "Alpine Freight AG (M-00012)", never its internal id
 * (while loading it says so; an id that is no member says "unknown member").
 */
export function MemberName({ mid }: { mid: string }) {
  const member = useMemberName(mid);
  if (member.data)
    return <>{memberLabel({ name: member.data.legalName, number: member.data.number })}</>;
  if (member.error)
    return <>{isApiError(member.error, 'not-found') ? 'unknown member' : 'a member'}</>;
  return <>loading member…</>;
}
