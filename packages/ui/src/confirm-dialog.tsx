import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, focusRing } from './button';

export type ConfirmDialogReason = {
  /** Label of the reason box, e.g. "Reason". */
  label: string;
  /** Refuse to confirm with an empty reason; the error shows under the box. */
  isRequired: boolean;
  /** One line under the label: what the reason is used for. */
  help?: ReactNode;
};

export type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  /** The confirming button, e.g. "Delete member". */
  confirmLabel: string;
  /** The button that backs out; "Cancel" unless the question calls for another word ("Stay"). */
  cancelLabel?: string;
  /** The confirming button while `isBusy`, e.g. "Deleting…". */
  busyLabel?: string;
  /** A destructive action's button is red. */
  tone?: 'danger' | 'primary';
  /** Asks for a reason (a textarea); `onConfirm` receives it trimmed. */
  reason?: ConfirmDialogReason;
  /** The action is running: the buttons wait. */
  isBusy?: boolean;
  /** Why the last attempt failed, shown in the dialog (it stays open). */
  error?: string | null;
  onConfirm: (reason: string) => void;
  /** Escape, Cancel: the owner sets `isOpen` false. */
  onClose: () => void;
};

/**
 * A confirmation as a native modal `<dialog>`: the page behind is inert, Escape cancels, the
 * focus starts in the reason box (or on Cancel, the safe choice) and returns to whatever had
 * it before (the button that opened it) when the dialog closes.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  tone = 'primary',
  reason,
  isBusy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [reasonText, setReasonText] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const reasonId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setReasonText('');
      setReasonError(null);
      dialog.showModal();
      (reasonRef.current ?? dialog.querySelector<HTMLElement>('[data-cancel]'))?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  const submit = () => {
    if (isBusy) return;
    const text = reasonText.trim();
    if (reason?.isRequired && text === '') {
      setReasonError(`Enter the ${reason.label.toLowerCase()}.`);
      reasonRef.current?.focus();
      return;
    }
    onConfirm(text);
  };

  const describedBy = [
    reason?.help ? `${reasonId}-help` : null,
    reasonError ? `${reasonId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={children ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      onClose={() => {
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {isOpen ? (
        <form
          method="dialog"
          // The reason is checked here, with its error under the box, not by the browser's bubble.
          noValidate
          className="flex flex-col gap-4 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children ? (
            <div id={descriptionId} className="text-sm text-slate-700">
              {children}
            </div>
          ) : null}
          {reason ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
                {reason.label}
                {reason.isRequired ? '' : ' (optional)'}
              </label>
              {reason.help ? (
                <p id={`${reasonId}-help`} className="text-xs text-slate-500">
                  {reason.help}
                </p>
              ) : null}
              <textarea
                ref={reasonRef}
                id={reasonId}
                rows={3}
                value={reasonText}
                required={reason.isRequired}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={describedBy || undefined}
                onChange={(event) => {
                  setReasonText(event.target.value);
                  if (reasonError) setReasonError(null);
                }}
                className={[
                  'rounded-md border bg-white px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
                  reasonError ? 'border-red-600' : 'border-slate-300',
                ].join(' ')}
              />
              {reasonError ? (
                <p id={`${reasonId}-error`} className="text-sm text-red-700">
                  {reasonError}
                </p>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" data-cancel onClick={onClose} disabled={isBusy}>
              {cancelLabel}
            </Button>
            {tone === 'danger' ? (
              <button
                type="submit"
                aria-disabled={isBusy || undefined}
                className={`inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:bg-red-700/70 ${focusRing}`}
              >
                {isBusy ? (busyLabel ?? `${confirmLabel}…`) : confirmLabel}
              </button>
            ) : (
              <Button type="submit" isBusy={isBusy}>
                {isBusy ? (busyLabel ?? `${confirmLabel}…`) : confirmLabel}
              </Button>
            )}
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
