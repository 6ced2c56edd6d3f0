import type { ReactNode } from 'react';

/**
 * What the control's `aria-describedby` names: its help and its error, where it has them (the ids
 * `FieldFrame` gives them), else nothing.
 */
export function describedByOf(
  id: string,
  { help, error }: { help?: unknown; error?: unknown },
): string | undefined {
  return (
    [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

/**
 * The frame of a field the portal draws itself, where the shared `TextField` does not fit (a
 * select, a text area, a file, the directory's search words): its label, its help under the label
 * and its error under the control, as `TextField` has them. The control passes `id` and
 * `describedByOf(id, …)`, so that the help and the error are read with it.
 */
export function FieldFrame({
  id,
  label,
  help,
  error,
  className = 'flex flex-col gap-1',
  labelClassName = 'text-sm font-medium text-slate-800',
  children,
}: {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {help ? (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
