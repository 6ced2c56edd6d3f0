import type { TNote } from '@ops/contract/notes';

type FollowUp = NonNullable<TNote['followUp']>;
import { formatDate, formatDateTime } from '@ops/ui/format';
import { mentionName } from './note-text';

/**
 * A note's follow-up in one line: due when and for whom, "Overdue" in red when past due and
 * not done, "Done" with who and when once done.
 */
export function FollowUpBadge({ followUp }: { followUp: FollowUp }) {
  const isDone = followUp.doneAt !== null;
  const tone = isDone
    ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
    : followUp.isOverdue
      ? 'border-red-200 bg-red-50 text-red-900'
      : 'border-amber-200 bg-amber-50 text-amber-950';
  return (
    <p
      className={`inline-flex flex-wrap items-center gap-x-2 rounded-md border px-2 py-1 text-xs ${tone}`}
    >
      <span className="font-semibold">
        {isDone ? 'Follow-up done' : followUp.isOverdue ? 'Follow-up overdue' : 'Follow-up'}
      </span>
      <span>
        Due <time dateTime={followUp.dueOn}>{formatDate(followUp.dueOn)}</time>
      </span>
      <span>Assigned to {mentionName(followUp.assignee)}</span>
      {isDone && followUp.doneAt ? (
        <span>
          Done <time dateTime={followUp.doneAt}>{formatDateTime(followUp.doneAt)}</time>
          {followUp.doneBy ? ` by ${mentionName(followUp.doneBy)}` : ''}
        </span>
      ) : null}
    </p>
  );
}
