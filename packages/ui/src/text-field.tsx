import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** One line under the label: what to type. */
  help?: ReactNode;
  /** The first validation problem of the field, shown in red. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with help text and its first validation error, both read with the field. */
export function TextField({ label, help, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['flex flex-col gap-1', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {help ? (
        <p id={helpId} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={[
          'rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs read-only:bg-slate-50',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
          error ? 'border-red-600' : 'border-slate-300',
        ].join(' ')}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
