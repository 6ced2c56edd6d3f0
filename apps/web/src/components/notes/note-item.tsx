import type { TNote } from '@ops/contract/notes';
import { useEffect, useId, useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { formatDateTime } from '@ops/ui/format';
import { useDeleteNote, useSetFollowUpDone, useUpdateNote } from '@/lib/api/notes';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { FollowUpBadge } from './follow-up-badge';
import { NoteBody } from './note-body';
import { noteElementId } from './note-href';
import { NoteForm } from './note-form';
import { mentionName } from './note-text';
import { clock } from '@/lib/clock';

/** Whether the author may still edit: the server's answer, until the window closes on screen. */
function useIsEditable(note: TNote): boolean {
  const until = Date.parse(note.editableUntil);
  const [now, setNow] = useState(() => clock.nowMs());
  useEffect(() => {
    if (!note.canEdit || !(until > now)) return;
    // One re-render when the window closes, so Edit goes away without a reload.
    const timer = setTimeout(() => setNow(clock.nowMs()), Math.min(until - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [note.canEdit, until, now]);
  return note.canEdit && until > now;
}

export type NoteItemProps = {
  note: TNote;
  /** The note a link pointed at: highlighted. */
  isTarget?: boolean;
  /** On the record's overview: the note alone, its actions on the Notes tab. */
  isCompact?: boolean;
  /** The level of the author's heading: one below the section holding the notes. */
  headingLevel?: 4 | 5;
};

/**
 * One note: who wrote it and when ("edited" once changed), its text with links and mentions,
 * its follow-up with Done / Reopen, and Edit (its author, within 15 minutes) and Delete (admins).
 */
export function NoteItem({
  note,
  isTarget = false,
  isCompact = false,
  headingLevel = 4,
}: NoteItemProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const canWrite = useCan('notes.write');
  const isEditable = useIsEditable(note);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const done = useSetFollowUpDone();
  const { followUp } = note;
  // Done / Reopen is a write of the note (`notes.write`), as the server checks it.
  const canSetDone = followUp !== null && canWrite;

  return (
    <article
      id={isCompact ? undefined : noteElementId(note.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={[
        'flex flex-col gap-2 rounded-lg border bg-white p-3 shadow-xs scroll-mt-4',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600',
        isTarget ? 'border-sky-500 ring-2 ring-sky-200' : 'border-slate-200',
      ].join(' ')}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <Heading id={headingId} className="font-semibold text-slate-900">
          {mentionName(note.author)}
        </Heading>
        <time dateTime={note.createdAt} className="text-slate-600">
          {formatDateTime(note.createdAt)}
        </time>
        {note.editedAt ? (
          <span
            className="text-xs text-slate-600"
            title={`Edited ${formatDateTime(note.editedAt)}`}
          >
            (edited)
          </span>
        ) : null}
      </header>
      {isEditing ? (
        <NoteForm
          label="Note"
          initial={{
            body: note.body,
            mentions: note.mentions,
            followUp: followUp ? { dueOn: followUp.dueOn, assignee: followUp.assignee } : null,
          }}
          submitLabel="Save note"
          busyLabel="Saving…"
          autoFocus
          onSubmit={async (values) => {
            await update.mutateAsync({ id: note.id, body: { version: note.version, ...values } });
            setIsEditing(false);
          }}
          onCancel={() => setIsEditing(false)}
          onReload={() => setIsEditing(false)}
        />
      ) : (
        <NoteBody body={note.body} mentions={note.mentions} />
      )}
      {followUp ? (
        <div className="flex flex-wrap items-center gap-2">
          <FollowUpBadge followUp={followUp} />
          {canSetDone && !isCompact ? (
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              isBusy={done.isPending}
              onClick={() =>
                done.mutate({ id: note.id, version: note.version, done: followUp.doneAt === null })
              }
            >
              {followUp.doneAt === null ? 'Done' : 'Reopen'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {done.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(done.error)}
        </p>
      ) : null}
      {!isCompact && !isEditing && (isEditable || note.canDelete) ? (
        <div className="flex flex-wrap gap-2">
          {isEditable ? (
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              aria-describedby={headingId}
              onClick={() => setIsEditing(true)}
            >
              Edit
            </Button>
          ) : null}
          {note.canDelete ? (
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs text-red-800"
              aria-describedby={headingId}
              onClick={() => {
                remove.reset();
                setIsDeleting(true);
              }}
            >
              Delete
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={isDeleting}
        title="Delete this note?"
        confirmLabel="Delete note"
        busyLabel="Deleting…"
        tone="danger"
        isBusy={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(
            { id: note.id, version: note.version },
            { onSuccess: () => setIsDeleting(false) },
          )
        }
        onClose={() => setIsDeleting(false)}
      >
        The note by {mentionName(note.author)} of {formatDateTime(note.createdAt)} is deleted, with
        its follow-up. The Activity log keeps a record of it.
      </ConfirmDialog>
    </article>
  );
}
