import { useEffect, useRef } from 'react';

/**
 * A native modal `<dialog>` driven by `isOpen`: opening it remembers the focused element and
 * focuses the dialog's `[data-cancel]` button; `restoreFocus` (its `onClose`) gives the focus
 * back to the element that opened it.
 */
export function useModalDialog(isOpen: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-cancel]')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  const restoreFocus = () => {
    returnFocus.current?.focus();
    returnFocus.current = null;
  };
  return { dialogRef, restoreFocus };
}
