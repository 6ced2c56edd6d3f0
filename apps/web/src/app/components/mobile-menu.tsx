import { CloseIcon, MenuIcon } from '@/components/icons';
import { useCallback, useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { focusRing } from '@ops/ui/button';

const tabbableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where Tab (or Shift+Tab) should go instead of leaving `container`, or null to let the browser
 * move the focus. A modal dialog makes the page inert, but past its last control the browser
 * moves the focus to its own toolbar (or nowhere, headless); the menu keeps it in a loop.
 */
function getWrappedFocusTarget(
  container: HTMLElement,
  current: Element | null,
  backwards: boolean,
): HTMLElement | null {
  const tabbables = [...container.querySelectorAll<HTMLElement>(tabbableSelector)].filter(
    (element) => element.checkVisibility(),
  );
  const first = tabbables[0];
  const last = tabbables.at(-1);
  if (!first || !last) return null;
  const isInside = current !== null && container.contains(current) && current !== container;
  if (backwards) return !isInside || current === first ? last : null;
  return !isInside || current === last ? first : null;
}

/** Tailwind's `md`: from this width on the sidebar is on screen and the menu has no purpose. */
const sidebarMediaQuery = '(min-width: 48rem)';

export type MobileMenuProps = {
  id: string;
  isOpen: boolean;
  /** Called when the menu asks to close: Escape, a click outside, its close button, a link. */
  onClose: () => void;
  /** Gets the focus back when the menu closes: the button that opened it. */
  returnFocusRef: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * The sidebar below the `md` width: a panel sliding in from the left, as a modal <dialog>.
 * showModal() makes the rest of the page inert, so focus and screen readers stay inside the
 * menu, and the browser's Escape handling comes with it (the `cancel`, then `close` events).
 * Its content mounts only while it is open: the sidebar's own copy lives in the page, and one
 * visible copy of each link and button is what people and tests should find.
 */
export function MobileMenu({ id, isOpen, onClose, returnFocusRef, children }: MobileMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** Where a press started: a drag from inside the panel out to the backdrop is no click. */
  const pressTarget = useRef<EventTarget | null>(null);

  // Closes the dialog at once, so the page is no longer inert and the focus can go back to the
  // menu button before anything else (the search palette opened from the menu) takes it.
  const closeDialog = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    dialog.close();
    returnFocusRef.current?.focus();
  }, [returnFocusRef]);

  const requestClose = useCallback(() => {
    closeDialog();
    onClose();
  }, [closeDialog, onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen) closeDialog(); // the owner closed it: another screen, the search shortcut
  }, [isOpen, closeDialog]);

  // Widening the window past `md` shows the sidebar: a modal menu left open would keep the
  // page inert behind an invisible panel.
  useEffect(() => {
    if (!isOpen) return;
    const wide = window.matchMedia(sidebarMediaQuery);
    const onChange = () => {
      if (wide.matches) requestClose();
    };
    onChange();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [isOpen, requestClose]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-label="Menu"
      // Escape. Not prevented: the browser may refuse to cancel the cancel event anyway.
      onCancel={requestClose}
      // However it closed (the effect above too), the owner's state follows: an owner that
      // closed it because the screen changed forgets the screen it was opened on.
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
        const target = getWrappedFocusTarget(
          event.currentTarget,
          document.activeElement,
          event.shiftKey,
        );
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      onMouseDown={(event) => (pressTarget.current = event.target)}
      onClick={(event) => {
        // The panel fills the dialog box, so a click on the dialog itself is on its backdrop.
        const isOnBackdrop =
          event.target === event.currentTarget && pressTarget.current === event.currentTarget;
        if (isOnBackdrop) requestClose();
        // A link chosen in the menu closes it, even one to the screen already shown (the shell
        // closes the menu when the screen changes, and this one would not).
        else if (event.target instanceof Element && event.target.closest('a[href]')) requestClose();
      }}
      className={[
        'fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 text-slate-900 shadow-xl',
        'backdrop:bg-slate-900/40',
        // Slides in from the left (@starting-style); no movement for people who ask for none.
        'translate-x-0 transition-transform duration-300 ease-out starting:open:-translate-x-full motion-reduce:transition-none',
      ].join(' ')}
    >
      {isOpen ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <p className="text-base font-semibold tracking-tight text-slate-900">Operations</p>
            <button
              type="button"
              onClick={requestClose}
              aria-label="Close menu"
              className={`-mr-1.5 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The top bar's button that opens the menu; hidden from `md` on, where the sidebar shows. */
export function MenuButton({
  menuId,
  isOpen,
  onClick,
  ref,
}: {
  menuId: string;
  isOpen: boolean;
  onClick: () => void;
  ref: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      aria-controls={menuId}
      className={`inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 md:hidden ${focusRing}`}
    >
      <MenuIcon className="size-4" />
      Menu
    </button>
  );
}
