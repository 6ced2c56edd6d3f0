import type { TMemberListItem } from '@ops/contract';
import { useDeferredValue, type ReactNode } from 'react';
import { getErrorMessage } from '@ops/ui/error-message';
import { useMemberChoices } from '@/lib/api/get-member-choices';

/**
 * The members matching what is typed in a form's search box (the certificate's member, the
 * invoice draft's), under it: nothing until something is typed, then the failure, "Looking for
 * members…", that none matches, or the list, each member as `children` renders it (a button
 * that chooses it). The search follows the typing a little behind (`useDeferredValue`).
 */
export function MemberChoices({
  q,
  children,
}: {
  q: string;
  children: (member: TMemberListItem) => ReactNode;
}) {
  const text = useDeferredValue(q).trim();
  const choices = useMemberChoices(text);
  if (text === '') return null;
  if (choices.isError) {
    return <p className="text-sm text-red-700">{getErrorMessage(choices.error)}</p>;
  }
  if (choices.isPending) return <p className="text-sm text-slate-500">Looking for members…</p>;
  const members = choices.data ?? [];
  if (members.length === 0) {
    return <p className="text-sm text-slate-500">No member matches “{text}”.</p>;
  }
  return (
    <ul aria-label="Matching members" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
      {members.map((member) => (
        <li key={member.mid}>{children(member)}</li>
      ))}
    </ul>
  );
}
