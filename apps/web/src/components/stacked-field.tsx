import type { ReactNode } from 'react';
import { FieldErrorText } from '@/components/success-note';

/**
 * The frame of a field built by hand, its words above the control: the label over an optional
 * line of help, the control (children; a combobox with its listbox, positioned against the
 * frame: the member picker, the note's mention box; a select or search box of a toolbar), and
 * the field's error under them. The help and the error take
 * ids made from the control's (`stackedFieldIds`), which the control names in its
 * `aria-describedby`.
 */
export function StackedField({
  controlId,
  label,
  help,
  error,
  className = 'flex flex-col gap-1',
  children,
}: {
  controlId: string;
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  /** The frame's layout (a combobox's is `relative`, for its listbox). */
  className?: string;
  children: ReactNode;
}) {
  const { helpId, errorId } = stackedFieldIds(controlId);
  return (
    <div className={className}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {help ? (
        <p id={helpId} className="text-xs text-slate-600">
          {help}
        </p>
      ) : null}
      {children}
      {error ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </div>
  );
}

/** The ids of a stacked field's help and error, from its control's id. */
export function stackedFieldIds(controlId: string) {
  return { helpId: `${controlId}-help`, errorId: `${controlId}-error` };
}
