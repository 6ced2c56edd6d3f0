import { noteBodyMaxLength, type TNoteOperator } from '@ops/contract/notes';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { ConflictNotice, isVersionConflict } from '@ops/ui/conflict-notice';
import { TextField } from '@ops/ui/text-field';
import { isApiError } from '@ops/ui/api-client';
import { useActiveOperators, useSignedInUid, type NoteOperatorChoice } from '@/lib/api/notes';
import { getErrorMessage } from '@ops/ui/error-message';
import { MentionTextarea } from './mention-textarea';
import { mentionedUids } from './mentions';
import { mentionName } from './note-text';
import { FailureText } from '@/components/success-note';
import { StackedField } from '@/components/stacked-field';

/** What the form sends: the text, the mentions it still holds, the follow-up or none. */
export type NoteFormValues = {
  body: string;
  mentions: string[];
  followUp: { dueOn: string; assigneeUid: string } | null;
};

export type NoteFormProps = {
  /** The note being edited; a new note starts empty. */
  initial?: {
    body: string;
    mentions: readonly TNoteOperator[];
    followUp: { dueOn: string; assignee: TNoteOperator } | null;
  };
  /** The text box's label: "New note", "Note". */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the note; a rejection is shown on the form (a 400's issues under their fields). */
  onSubmit: (values: NoteFormValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Fetches the note as it now is after a version conflict. */
  onReload?: () => void;
  autoFocus?: boolean;
};

type FieldErrors = Partial<Record<'body' | 'mentions' | 'dueOn' | 'assigneeUid', string>>;

/** Where a 400's issue belongs: `body.followUp.dueOn` → the due date, and so on. */
function fieldOf(path: string): keyof FieldErrors | null {
  const field = path.replace(/^body\./u, '');
  if (field === 'body') return 'body';
  if (field.startsWith('mentions')) return 'mentions';
  if (field.startsWith('followUp.dueOn')) return 'dueOn';
  if (field.startsWith('followUp.assigneeUid') || field === 'followUp') return 'assigneeUid';
  return null;
}

/** A message as it reads under a field: a capital first letter and a full stop. */
const sentence = (message: string) => {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/u.test(text) ? text : `${text}.`;
};

/**
 * The note form of the Notes tab and of a note's inline edit: the text with its "@" mention
 * picker and, behind "Add a follow-up", a due date and an assignee (the author unless changed).
 */
export function NoteForm({
  initial,
  label,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
  onReload,
  autoFocus,
}: NoteFormProps) {
  const operators = useActiveOperators();
  const signedInUid = useSignedInUid();
  const [body, setBody] = useState(initial?.body ?? '');
  // Everyone picked (or already mentioned): only those whose "@Name" is still in the text go.
  const [chosen, setChosen] = useState<NoteOperatorChoice[]>(() => [...(initial?.mentions ?? [])]);
  const [hasFollowUp, setHasFollowUp] = useState(initial?.followUp != null);
  const [dueOn, setDueOn] = useState(initial?.followUp?.dueOn ?? '');
  const [assigneeUid, setAssigneeUid] = useState(initial?.followUp?.assignee.uid ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const followUpId = useId();
  const assigneeId = useId();

  // The assignee defaults to the author: the signed-in operator for a new note.
  const assignee = assigneeUid || signedInUid || '';
  // The current assignee stays a choice even if no longer active (the server then says so).
  const assigneeChoices = [
    ...(operators.data ?? []),
    ...(initial?.followUp &&
    !operators.data?.some((operator) => operator.uid === initial.followUp?.assignee.uid)
      ? [initial.followUp.assignee]
      : []),
  ];

  const submit = async () => {
    if (isBusy) return;
    const found: FieldErrors = {};
    if (body.trim() === '') found.body = 'Write something.';
    if (hasFollowUp && dueOn === '') found.dueOn = 'Choose a due date.';
    if (hasFollowUp && assignee === '') found.assigneeUid = 'Choose who follows it up.';
    setErrors(found);
    setFormError(null);
    setConflict(null);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      await onSubmit({
        body,
        mentions: mentionedUids(body, chosen),
        followUp: hasFollowUp ? { dueOn, assigneeUid: assignee } : null,
      });
      if (!initial) {
        setBody('');
        setChosen([]);
        setHasFollowUp(false);
        setDueOn('');
        setAssigneeUid('');
      }
    } catch (error) {
      if (isVersionConflict(error) && onReload) {
        setConflict(getErrorMessage(error));
      } else if (isApiError(error) && error.issues?.length) {
        const placed: FieldErrors = {};
        const unplaced: string[] = [];
        for (const issue of error.issues) {
          const field = fieldOf(issue.path);
          if (field && !placed[field]) placed[field] = sentence(issue.message);
          else if (!field) unplaced.push(sentence(issue.message));
        }
        setErrors(placed);
        setFormError(unplaced.join(' ') || null);
      } else {
        setFormError(getErrorMessage(error));
      }
    } finally {
      setIsBusy(false);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form noValidate onSubmit={onFormSubmit} className="flex flex-col gap-3">
      <MentionTextarea
        label={label}
        value={body}
        onChange={setBody}
        onMention={(operator) =>
          setChosen((previous) =>
            previous.some((other) => other.uid === operator.uid)
              ? previous
              : [...previous, operator],
          )
        }
        operators={operators.data}
        help="Type @ to mention an operator. Links and line breaks are kept."
        error={errors.body ?? errors.mentions ?? null}
        maxLength={noteBodyMaxLength}
        autoFocus={autoFocus}
        onSubmitShortcut={() => void submit()}
      />
      <div className="flex items-center gap-2">
        <input
          id={followUpId}
          type="checkbox"
          checked={hasFollowUp}
          onChange={(event) => setHasFollowUp(event.target.checked)}
          className={`size-4 rounded border-slate-400 accent-sky-700 ${focusRing}`}
        />
        <label htmlFor={followUpId} className="text-sm text-slate-800">
          Add a follow-up
        </label>
      </div>
      {hasFollowUp ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Due date"
            type="date"
            value={dueOn}
            onChange={(event) => setDueOn(event.target.value)}
            error={errors.dueOn ?? null}
          />
          <StackedField controlId={assigneeId} label="Assignee" error={errors.assigneeUid}>
            <select
              id={assigneeId}
              value={assignee}
              onChange={(event) => setAssigneeUid(event.target.value)}
              aria-invalid={errors.assigneeUid ? true : undefined}
              aria-describedby={errors.assigneeUid ? `${assigneeId}-error` : undefined}
              className={[
                'rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
                focusRing,
                errors.assigneeUid ? 'border-red-600' : 'border-slate-300',
              ].join(' ')}
            >
              {assignee === '' ? <option value="">Choose an operator</option> : null}
              {assigneeChoices.map((operator) => (
                <option key={operator.uid} value={operator.uid}>
                  {operator.uid === signedInUid
                    ? `${mentionName(operator)} (me)`
                    : mentionName(operator)}
                </option>
              ))}
            </select>
          </StackedField>
        </div>
      ) : null}
      {formError ? <FailureText>{formError}</FailureText> : null}
      {conflict && onReload ? (
        <ConflictNotice
          message={conflict}
          onReload={() => {
            setConflict(null);
            onReload();
          }}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
