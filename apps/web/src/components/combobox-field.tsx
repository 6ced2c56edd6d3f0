import type { ReactNode } from 'react';
import { FieldErrorText } from '@/components/success-note';

/**
 * The frame of a field with a suggestions listbox under its control (the member picker, the
 * note's mention box): the label over a line of help, the control and its listbox (children),
 * positioned against the frame, and the field's error under them. The help and the error take
 * ids made from the control's (`comboboxFieldIds`), which the control names in its
 * `aria-describedby`.
 */
export function ComboboxField({
  controlId,
  label,
  help,
  error,
  children,
}: {
  controlId: string;
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  const { helpId, errorId } = comboboxFieldIds(controlId);
  return (
    <div className="relative flex flex-col gap-1">
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

/** The ids of a combobox field's help and error, from its control's id. */
export function comboboxFieldIds(controlId: string) {
  return { helpId: `${controlId}-help`, errorId: `${controlId}-error` };
}
