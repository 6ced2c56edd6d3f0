import { useMemberName } from '@/lib/api/get-member-name';
import { isApiError } from '@ops/ui/api-client';
import { memberLabel } from '@/lib/search/member-hits';

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
