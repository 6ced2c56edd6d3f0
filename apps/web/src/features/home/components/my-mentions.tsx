import type { TMyMentions } from '@ops/contract/notes';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { formatCount, formatDateTime } from '@ops/ui/format';
import { ErrorCard } from '@ops/ui/error-card';
// The note helpers alone (not the notes index): the home chunk stays free of the forms' zod.
import { noteHref } from '@/components/notes/note-href';
import { firstLine, mentionName } from '@/components/notes/note-text';
import { useMarkMentionsRead, useMyMentions } from '@/lib/api/notes';
import { getErrorMessage } from '@ops/ui/error-message';

type Mention = TMyMentions['data'][number];

/** One mention: who wrote it and when, its record (a link to the note), its first line. */
function MentionRow({ mention, onOpen }: { mention: Mention; onOpen: () => void }) {
  const { note, readAt } = mention;
  const isUnread = readAt === null;
  return (
    <li className="flex min-w-0 flex-col gap-0.5 py-2">
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {isUnread ? (
          <span className="rounded bg-sky-100 px-1.5 py-0.5 font-semibold text-sky-900">
            Unread
          </span>
        ) : null}
        <span>
          {mentionName(note.author)},{' '}
          <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        </span>
      </p>
      <Link
        to={noteHref(note)}
        onClick={isUnread ? onOpen : undefined}
        className={[
          'text-sm text-sky-800 underline decoration-sky-800/30 underline-offset-2 hover:decoration-sky-800',
          isUnread ? 'font-semibold' : 'font-medium',
        ].join(' ')}
      >
        {note.record.label}
      </Link>
      <p className="truncate text-sm text-slate-700">{firstLine(note.body)}</p>
    </li>
  );
}

/**
 * "Mentions" on the home screen (issue 19): how many notes mentioning the signed-in operator are
 * unread, and the latest of them, each a link to the note (opening one marks it read), with
 * "Mark all read".
 */
export function MyMentions() {
  const mentions = useMyMentions();
  const markRead = useMarkMentionsRead();
  const headingId = useId();
  const { data } = mentions;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Mentions
          </h3>
          {data && data.unread > 0 ? (
            <p className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white">
              {formatCount(data.unread)} unread
            </p>
          ) : null}
        </div>
        {data && data.unread > 0 ? (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            isBusy={markRead.isPending}
            onClick={() => markRead.mutate({})}
          >
            {markRead.isPending ? 'Marking…' : 'Mark all read'}
          </Button>
        ) : null}
      </div>
      {markRead.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(markRead.error)}
        </p>
      ) : null}
      {data ? (
        data.data.length === 0 ? (
          <p className="text-sm text-slate-600">No note mentions you yet.</p>
        ) : (
          <>
            {data.unread === 0 ? (
              <p className="text-sm text-slate-600">You have read every mention.</p>
            ) : null}
            <ul className="divide-y divide-slate-100">
              {data.data.map((mention) => (
                <MentionRow
                  key={mention.note.id}
                  mention={mention}
                  onOpen={() => markRead.mutate({ noteIds: [mention.note.id] })}
                />
              ))}
            </ul>
          </>
        )
      ) : mentions.isError ? (
        <ErrorCard
          title="The mentions could not be loaded"
          message={getErrorMessage(mentions.error)}
        >
          <Button variant="secondary" onClick={() => void mentions.refetch()}>
            Try again
          </Button>
        </ErrorCard>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          Loading your mentions…
        </p>
      )}
    </section>
  );
}
