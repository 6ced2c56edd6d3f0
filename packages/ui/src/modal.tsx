import { useEffect, useId, useRef, type ReactNode } from 'react';

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

/** The form's error line and its Cancel / submit buttons. */
export function DialogFooter({
  errorText,
  onCancel,
  children,
}: {
  errorText: string | null;
  onCancel: () => void;
  children: ReactNode;
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
        {children}
      </div>
    </>
  );
}
