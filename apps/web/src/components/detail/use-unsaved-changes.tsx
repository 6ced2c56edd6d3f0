import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useBlocker, type BlockerFunction, type Location } from 'react-router';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { tabParam } from './detail-tabs';

/**
 * Whether going from `current` to `next` takes the person away from the form: another record or
 * screen (another path), or another tab of the same record (the tab lives in the URL). Other
 * changes of the query (the list beside the record sorted or filtered) keep the form mounted,
 * so they lose nothing and are let through.
 */
export function isLeavingForm(
  current: Pick<Location, 'pathname' | 'search'>,
  next: Pick<Location, 'pathname' | 'search'>,
): boolean {
  if (current.pathname !== next.pathname) return true;
  const tabOf = (search: string) => new URLSearchParams(search).get(tabParam);
  return tabOf(current.search) !== tabOf(next.search);
}

/** The blocker of React Router for a form: blocks leaving only while it has unsaved edits. */
export function unsavedChangesBlocker(isDirty: boolean): BlockerFunction {
  return ({ currentLocation, nextLocation }) =>
    isDirty && isLeavingForm(currentLocation, nextLocation);
}

/**
 * The browser's own "Leave site?" prompt on closing or reloading the tab while `isDirty`. The
 * browser shows its fixed text; calling preventDefault (and setting returnValue, for older
 * Chromium) is what asks for it.
 */
export function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  event.returnValue = '';
}

/**
 * Keeps a form's unsaved edits from being lost: while `isDirty`, in-app navigation that leaves
 * the form (another record, tab or screen, a link, Back) is held by React Router's `useBlocker`
 * until the person answers the dialog, and closing or reloading the browser tab asks through
 * `beforeunload`. Saving or cancelling resets the form, which clears `isDirty` and so the guard.
 * Pass false while a save is in flight: a form that navigates or closes once saved must not be
 * held by its own guard (React Router reads the blocker as of the last render).
 */
export function useUnsavedChanges(isDirty: boolean) {
  const blocker = useBlocker(unsavedChangesBlocker(isDirty));

  useEffect(() => {
    if (!isDirty) return;
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [isDirty]);

  // The edits were saved or undone while a navigation waited: let it go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !isDirty) blocker.proceed();
  }, [blocker, isDirty]);

  return blocker;
}

/**
 * The guard as a component, for forms to render once: `<UnsavedChangesGuard isDirty={…} />`.
 * The dialog offers Stay (the safe choice, focused) and Discard changes.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useUnsavedChanges(isDirty);
  // Forms render the guard inside their own <form>: the dialog goes to the body (no form in a
  // form), and its submit stops here, since React bubbles it to the form around the guard, which
  // would otherwise save the very edits being discarded.
  return createPortal(
    <div className="contents" onSubmit={(event) => event.stopPropagation()}>
      <ConfirmDialog
        isOpen={blocker.state === 'blocked' && isDirty}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        cancelLabel="Stay"
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        This form has changes that were not saved. Leaving now discards them.
      </ConfirmDialog>
    </div>,
    document.body,
  );
}
