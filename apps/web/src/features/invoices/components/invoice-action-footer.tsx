import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { FailureText } from '@/components/success-note';

/**
 * The write the issue and mark-paid dialogs run, as both show it: whether it is under way, its
 * version conflict (with its reload), any other failure, and closing the dialog.
 */
export type InvoiceActionState = {
  isPending: boolean;
  conflict: ReactNode;
  errorText: string | null;
  onClose: () => void;
};

/**
 * What the issue and mark-paid dialogs show under their fields: the version conflict (with its
 * reload), any other failure as an alert, and the Cancel / confirm buttons.
 */
export function InvoiceActionFooter({
  state,
  children,
}: {
  state: InvoiceActionState;
  /** The confirming button. */
  children: ReactNode;
}) {
  const { conflict, errorText, isPending } = state;
  return (
    <>
      {conflict}
      {errorText ? <FailureText>{errorText}</FailureText> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={state.onClose} disabled={isPending}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}
