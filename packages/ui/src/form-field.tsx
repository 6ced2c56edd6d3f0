import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { isApiError, type ApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';

const controlClass = [
  'w-full min-w-0 rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
  'disabled:bg-slate-50 disabled:text-slate-500',
].join(' ');

type FieldBase<Values extends FieldValues, Name extends FieldPath<Values>> = {
  control: Control<Values>;
  name: Name;
  label: string;
  /** One line under the label: what to enter. */
  help?: ReactNode;
  isDisabled?: boolean;
  className?: string;
};

/** The ids and attributes tying a control to its help and error text (spec §2 forms). */
function useFieldIds(help: ReactNode, error: string | undefined) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    id,
    helpId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

function Help({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} className="text-xs text-slate-500">
      {children}
    </p>
  ) : null;
}

/** The field's first validation error, in red, under the field. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * A react-hook-form field as a labelled string control: the props every text input, textarea
 * and select takes (value, change, ids, error border), and the frame around it (label, help
 * above, the error under it).
 */
function useStringField<Values extends FieldValues, Name extends FieldPath<Values>>(
  control: Control<Values>,
  name: Name,
  help: ReactNode,
  isDisabled: boolean,
) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const { helpId, errorId, controlProps } = useFieldIds(help, error);
  return {
    ref,
    error,
    helpId,
    errorId,
    controlProps: {
      ...controlProps,
      name: fieldName,
      value: (value as string | null | undefined) ?? '',
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      onBlur,
      disabled: isDisabled,
      className: [controlClass, error ? 'border-red-600' : 'border-slate-300'].join(' '),
    },
  };
}

function FieldFrame({
  className,
  label,
  controlId,
  help,
  helpId,
  error,
  errorId,
  children,
}: {
  className: string | undefined;
  label: string;
  controlId: string;
  help: ReactNode;
  helpId: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className={['flex flex-col gap-1', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Help id={helpId}>{help}</Help>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export type FormTextFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
> = FieldBase<Values, Name> & {
  type?: 'text' | 'email' | 'url' | 'tel' | 'number';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  /** Rows of a multi-line field; a one-line input when absent. */
  rows?: number;
};

/**
 * A text input bound to a react-hook-form field: label, help, the first error under it in red,
 * `aria-invalid` and `aria-describedby` naming help and error. A null value shows as empty.
 */
export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  help,
  isDisabled = false,
  className,
  type = 'text',
  rows,
  ...inputProps
}: FormTextFieldProps<Values, Name>) {
  const { ref, error, helpId, errorId, controlProps } = useStringField(
    control,
    name,
    help,
    isDisabled,
  );
  return (
    <FieldFrame
      className={className}
      label={label}
      controlId={controlProps.id}
      help={help}
      helpId={helpId}
      error={error}
      errorId={errorId}
    >
      {rows ? (
        <textarea {...controlProps} ref={ref} rows={rows} placeholder={inputProps.placeholder} />
      ) : (
        <input {...controlProps} {...inputProps} ref={ref} type={type} />
      )}
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

export type FormSelectFieldProps<
  Values extends FieldValues,
  Name extends FieldPath<Values>,
> = FieldBase<Values, Name> & {
  options: readonly SelectOption[];
  /** The label of the empty choice (stored as ''); no empty choice when absent. */
  emptyLabel?: string;
};

/** A select bound to a react-hook-form field, with the same label, help and error as text. */
export function FormSelectField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  help,
  isDisabled = false,
  className,
  options,
  emptyLabel,
}: FormSelectFieldProps<Values, Name>) {
  const { ref, error, helpId, errorId, controlProps } = useStringField(
    control,
    name,
    help,
    isDisabled,
  );
  return (
    <FieldFrame
      className={className}
      label={label}
      controlId={controlProps.id}
      help={help}
      helpId={helpId}
      error={error}
      errorId={errorId}
    >
      <select {...controlProps} ref={ref}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A checkbox bound to a boolean react-hook-form field; help and error follow its label. */
export function FormCheckboxField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  help,
  isDisabled = false,
  className,
}: FieldBase<Values, Name>) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message;
  const { helpId, errorId, controlProps } = useFieldIds(help, error);
  return (
    <div className={['flex flex-col gap-1', className].filter(Boolean).join(' ')}>
      <div className="flex items-center gap-2">
        <input
          {...controlProps}
          ref={ref}
          type="checkbox"
          name={fieldName}
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          disabled={isDisabled}
          className="size-4 rounded border-slate-300 text-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        />
        <label htmlFor={controlProps.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <Help id={helpId}>{help}</Help>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Puts a 400's field issues under the fields they name (`body.legalName` → `legalName`) and
 * returns the messages no field of the form shows, for a message above the form. The first
 * field with an error gets the focus.
 */
export function setServerErrors<Values extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<Values>,
  fieldNames: readonly string[],
): string[] {
  const unplaced: string[] = [];
  let isFirst = true;
  for (const issue of error.issues ?? []) {
    const field = issue.path.replace(/^body\./, '');
    if (fieldNames.includes(field)) {
      setError(
        field as Path<Values>,
        { type: issue.rule, message: issue.message },
        { shouldFocus: isFirst },
      );
      isFirst = false;
    } else {
      unplaced.push(issue.message);
    }
  }
  if (!error.issues || error.issues.length === 0) unplaced.push(error.message);
  return unplaced;
}

/**
 * What a refused save says above the form: a 400's field issues go under their fields and only
 * the others are returned (null when every issue found its field); any other failure is its
 * message. A version conflict is the caller's to show first (ConflictNotice offers a reload).
 */
export function describeSaveError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldNames: readonly string[],
): string | null {
  if (isApiError(error) && error.issues?.length) {
    return setServerErrors(error, setError, fieldNames).join(' ') || null;
  }
  return getErrorMessage(error);
}
