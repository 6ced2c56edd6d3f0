import type { TNote } from '@ops/contract/notes';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { formatCount, formatDate } from '@ops/ui/format';
import { ErrorCard } from '@ops/ui/error-card';
// The note helpers alone (not the notes index): the home chunk stays free of the forms' zod.
import { noteHref } from '@/components/notes/note-href';
import { firstLine } from '@/components/notes/note-text';
import { useMyFollowUps, useSetFollowUpDone } from '@/lib/api/notes';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';

const linkClass =
  'font-medium text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800';

/** One open follow-up: when it is due, its record (a link to the note), its first line, Done. */
function FollowUpRow({ note }: { note: TNote }) {
  const done = useSetFollowUpDone();
  // Done is a write of the note (`notes.write`): a read-only assignee follows the link instead.
  const canWrite = useCan('notes.write');
  const labelId = useId();
  const { followUp } = note;
  if (!followUp) return null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>
            Due <time dateTime={followUp.dueOn}>{formatDate(followUp.dueOn)}</time>
          </span>
          {followUp.isOverdue ? (
            <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-900">
              Overdue
            </span>
          ) : null}
        </p>
        <Link id={labelId} to={noteHref(note)} className={`text-sm ${linkClass}`}>
          {note.record.label}
        </Link>
        <p className="truncate text-sm text-slate-700">{firstLine(note.body)}</p>
        {done.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {getErrorMessage(done.error)}
          </p>
        ) : null}
      </div>
      {canWrite ? (
        <Button
          variant="secondary"
          className="px-2 py-1 text-xs"
          aria-describedby={labelId}
          isBusy={done.isPending}
          onClick={() => done.mutate({ id: note.id, version: note.version, done: true })}
        >
          {done.isPending ? 'Marking done…' : 'Done'}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * "My follow-ups" on the home screen (issue 19): the signed-in operator's open follow-ups,
 * overdue first, each a way to its note and done with one click.
 */
export function MyFollowUps() {
  const followUps = useMyFollowUps();
  const headingId = useId();
  const { data } = followUps;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        My follow-ups
      </h3>
      {data ? (
        <>
          <p className="text-sm text-slate-600">
            {data.open === 0
              ? 'Nothing to follow up.'
              : `${formatCount(data.open)} open${data.overdue > 0 ? `, ${formatCount(data.overdue)} overdue` : ''}.`}
          </p>
          {data.data.length > 0 ? (
            <ul className="divide-y divide-slate-100">
              {data.data.map((note) => (
                <FollowUpRow key={note.id} note={note} />
              ))}
            </ul>
          ) : null}
        </>
      ) : followUps.isError ? (
        <ErrorCard
          title="The follow-ups could not be loaded"
          message={getErrorMessage(followUps.error)}
        >
          <Button variant="secondary" onClick={() => void followUps.refetch()}>
            Try again
          </Button>
        </ErrorCard>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          Loading your follow-ups…
        </p>
      )}
    </section>
  );
}
