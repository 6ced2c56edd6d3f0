import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

const widths = {
  normal: 'w-[min(32rem,calc(100vw-2rem))]',
  wide: 'w-[min(42rem,calc(100vw-2rem))]',
} as const;

/**
 * The modal `<dialog>` of every form that opens over a screen (renewal run, marking paid,
 * credit notes, refunds, assigning a bank payment): the page behind is inert, Escape closes
 * it, and the focus returns to what opened it.
 */
export function Modal({
  isOpen,
  title,
  onClose,
  width = 'normal',
  children,
}: {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** Wide for forms with a table (credit note lines, invoice candidates). */
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
      className={`m-auto ${widths[width]} rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      {isOpen ? (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The submit button a dialog's footer shows: its label, and what it says while the form is sent. */
export type DialogSubmit = { label: string; busyLabel: string; isBusy: boolean };

/**
 * The form's error line and its Cancel / submit buttons: `submit` for the usual submit button,
 * or `children` for buttons of the form's own.
 */
export function DialogFooter({
  errorText,
  onCancel,
  submit,
  children,
}: {
  errorText: string | null;
  onCancel: () => void;
  submit?: DialogSubmit;
  children?: ReactNode;
}) {
  return (
    <>
      {errorText ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
          onClick={onCancel}
        >
          Cancel
        </button>
        {submit ? (
          <Button type="submit" isBusy={submit.isBusy}>
            {submit.isBusy ? submit.busyLabel : submit.label}
          </Button>
        ) : null}
        {children}
      </div>
    </>
  );
}

/**
 * The form of a dialog: its fields one under another, the browser's own checks off (the form
 * says what is wrong in its words), and `onSubmit` called instead of a page load.
 */
export function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
