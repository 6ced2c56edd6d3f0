import type { ReactNode } from 'react';

/**
 * A control under its label, the label wrapping it so a click on the words focuses it, and an
 * optional line of help under the control (the dialogs' and the invoice draft's small fields).
 */
export function LabelledControl({
  label,
  hint,
  children,
}: {
  label: ReactNode;
  /** One line under the control: what an empty value means, where the value is printed. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      {children}
      {hint ? <span className="text-xs text-slate-500">{hint}</span> : null}
    </label>
  );
}
