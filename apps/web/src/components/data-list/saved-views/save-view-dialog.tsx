import type { SavedViewListName } from '@ops/contract/saved-view-lists';
import { savedViewNameMaxLength } from '@ops/contract/saved-view-lists';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { DialogFooter, Modal } from '@ops/ui/modal';
import { TextField } from '@ops/ui/text-field';
import { useCreateSavedView } from '@/lib/api/saved-views';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { FieldErrorText } from '@/components/success-note';

/** A 400's issue about one field of the body (`body.name`), shown under that field. */
export function issueOf(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.issues?.find((issue) => issue.path === `body.${field}`)?.message;
}

/**
 * The name of a view being saved or renamed, for a `TextField`: an empty name is refused in
 * place, a 400's issue about the name shows under it, and typing clears both. `submit` makes the
 * form's submit: `save` gets the trimmed name and the form closes once it succeeds (a refusal
 * stays shown in the form).
 */
export function useViewNameField(
  initialName: string,
  saving: { error: Error | null; reset: () => void },
) {
  const [name, setName] = useState(initialName);
  const [nameError, setNameError] = useState<string | null>(null);
  const field = {
    label: 'Name',
    value: name,
    maxLength: savedViewNameMaxLength,
    autoComplete: 'off',
    error: nameError ?? issueOf(saving.error, 'name') ?? null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setName(event.target.value);
      setNameError(null);
      if (saving.error) saving.reset();
    },
  };
  const submit =
    (save: (name: string) => Promise<unknown>, onClose: () => void) => (event: FormEvent) => {
      event.preventDefault();
      if (name.trim() === '') {
        setNameError('Give the view a name.');
        return;
      }
      save(name.trim()).then(onClose, () => undefined);
    };
  return { field, submit };
}

/** A checkbox with its label, and a 400's issue about it under it. */
export function CheckboxField({
  label,
  isChecked,
  onChange,
  error,
}: {
  label: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={isChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-4 rounded border-slate-300 text-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {error ? <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText> : null}
    </div>
  );
}

function SaveViewForm({
  list,
  params,
  onClose,
}: {
  list: SavedViewListName;
  params: string;
  onClose: () => void;
}) {
  const canShare = useCan('views.share');
  const create = useCreateSavedView();
  const nameField = useViewNameField('', create);
  const [isShared, setIsShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const placed = ['name', 'isShared', 'isDefault'];
  const otherError =
    create.error && !placed.some((field) => issueOf(create.error, field))
      ? getErrorMessage(create.error)
      : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={nameField.submit(
        (name) => create.mutateAsync({ list, name, params, isShared, isDefault }),
        onClose,
      )}
    >
      <TextField
        {...nameField.field}
        help="How the view is called in the sidebar and the views menu."
        // The dialog opens to type the name.
        autoFocus
      />
      {canShare ? (
        <CheckboxField
          label="Share with all operators"
          isChecked={isShared}
          onChange={setIsShared}
          error={issueOf(create.error, 'isShared')}
        />
      ) : null}
      <CheckboxField
        label="Open this view by default"
        isChecked={isDefault}
        onChange={setIsDefault}
        error={issueOf(create.error, 'isDefault')}
      />
      {issueOf(create.error, 'params') ? (
        <p className="text-sm text-red-700">{issueOf(create.error, 'params')}</p>
      ) : null}
      <DialogFooter
        errorText={otherError}
        onCancel={onClose}
        submit={{ label: 'Save view', busyLabel: 'Saving…', isBusy: create.isPending }}
      />
    </form>
  );
}

/**
 * Keeps the list's current view (search, filters, sort, columns; never the selection) under a
 * name: personal, or shared with every operator (`views.share`), and optionally the operator's
 * default for the list.
 */
export function SaveViewDialog({
  isOpen,
  list,
  params,
  onClose,
}: {
  isOpen: boolean;
  list: SavedViewListName;
  /** The view as the URL carries it, without "?". */
  params: string;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={isOpen} title="Save view" onClose={onClose}>
      <SaveViewForm list={list} params={params} onClose={onClose} />
    </Modal>
  );
}
