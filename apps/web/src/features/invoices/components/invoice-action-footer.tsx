import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { FailureText } from '@/components/success-note';

/**
 * What the issue and mark-paid dialogs show under their fields: the version conflict (with its
 * reload), any other failure as an alert, and the Cancel / confirm buttons.
 */
export function InvoiceActionFooter({
  conflict,
  errorText,
  isPending,
  onCancel,
  children,
}: {
  conflict: ReactNode;
  errorText: string | null;
  isPending: boolean;
  onCancel: () => void;
  /** The confirming button. */
  children: ReactNode;
}) {
  return (
    <>
      {conflict}
      {errorText ? <FailureText>{errorText}</FailureText> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}
